import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { webEdges } from "./scripts/eslint-web-edges.js";
import { serverSql } from "./scripts/eslint-server-sql.js";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "test-results", "playwright-report", ".tmp"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Type-aware rules that catch real bugs here: a promise nobody awaits loses its error (and, in a route, answers
  // before the work is done), a promise passed where a callback's result is ignored does the same, and a switch over
  // a union that forgets a member (a new status, a new incident type) falls through silently.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Text from people never reaches the page as markup (docs/decisions/016-map-and-location.md): no HTML sinks in the
  // browser's code, and Leaflet's tooltips and popups (which set a string as innerHTML) take textElement(...) from
  // create-map.ts.
  {
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]",
          message: "No innerHTML/outerHTML: build the element and set textContent.",
        },
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: "No insertAdjacentHTML: build elements.",
        },
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "No dangerouslySetInnerHTML: render text.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)$/]:not([arguments.0.callee.name='textElement'])",
          message: "Leaflet sets a string as HTML: pass textElement(text) from lib/map/create-map.ts.",
        },
      ],
    },
  },
  // The browser's layers, each import resolved first (a relative path too): a feature imports only lib/ and shared/,
  // never another feature nor app/; lib/ imports neither (scripts/eslint-web-edges.js).
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "web-edges": webEdges },
    rules: { "web-edges/layers": "error" },
  },
  // SQL only in repositories on the server (scripts/eslint-server-sql.js, with its short allow-list).
  serverSql,
  // No import cycles anywhere in src/: a cycle makes the order modules run in depend on who imports first. The
  // resolver follows package.json's "imports" (#web/, #shared/, #server/). import() counts as an edge too: a page
  // that starts loading the next one asks lib/page-preloads.ts, which the route table fills in.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver()],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // Import boundaries (docs/project-structure.md): shared <- server, shared <- web; in the browser, lib <- features
  // <- app, and the public features never import the console's. Each file gets one list (a later rule for the same
  // file would replace an earlier one, not add to it), so each list is complete.
  ...importBoundaries([
    { files: ["src/shared/**"], forbidden: ["web", "server"], why: "shared code is used by both sides" },
    {
      files: ["src/server/**", "scripts/**"],
      forbidden: ["web"],
      why: "the server never imports browser code",
      // The delivery runtime's surface is its index (docs/decisions/046-one-delivery-runtime.md).
      also: [{ regex: "(^|[/#])delivery/(?!index\\.ts$)", message: "Only delivery/index.ts from outside delivery/." }],
    },
    {
      files: ["src/web/*.{ts,tsx}", "src/web/app/**"],
      forbidden: ["server"],
      why: "the browser talks to the server over HTTP only",
    },
    {
      files: ["src/web/lib/**"],
      forbidden: ["server", "features", "app"],
      why: "lib is below the features and the app, and the browser talks to the server over HTTP only",
    },
    {
      files: ["src/web/features/{staff,admin}/**"],
      forbidden: ["server", "app"],
      why: "the app assembles the features, not the reverse, and the browser talks to the server over HTTP only",
    },
    {
      files: ["src/web/features/!(staff|admin)/**"],
      forbidden: ["server", "app", "features/staff", "features/admin"],
      why: "the public pages never load the console's code, the app assembles the features, and the browser talks to the server over HTTP only",
    },
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);

/**
 * One no-restricted-imports rule per layer: an import whose path goes into a forbidden folder (relative paths and
 * the #web/, #server/ aliases included) is an error that says why.
 */
function importBoundaries(layers) {
  return layers.map(({ files, forbidden, why, also = [] }) => ({
    files,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...forbidden.map((folder) => ({
              regex: `(^|[/#])${folder}/`,
              message: `Not from ${folder}/ here: ${why}.`,
            })),
            ...also,
          ],
        },
      ],
    },
  }));
}
