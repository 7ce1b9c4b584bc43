import path from "node:path";

/**
 * The browser's layers (docs/project-structure.md): a feature (src/web/features/<name>/) imports only lib/ and
 * shared/, never another feature nor app/; lib/ imports neither features nor app/; app/ composes them all. Unlike a
 * pattern on the import's text, the rule resolves each import first, so a relative path that climbs into another
 * feature is caught like a #web/ alias. Static imports, re-exports, type imports and import() alike.
 */

/** package.json "imports": the aliases' folders, relative to the repository. */
const ALIASES = [
  ["#web/", "src/web/"],
  ["#shared/", "src/shared/"],
  ["#server/", "src/server/"],
];

/** The file an import names, or undefined for a package. */
function targetOf(filename, specifier) {
  if (specifier.startsWith(".")) return path.resolve(path.dirname(filename), specifier);
  const web = filename.lastIndexOf(`${path.sep}src${path.sep}web${path.sep}`);
  if (web < 0) return undefined;
  const root = filename.slice(0, web);
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return path.join(root, folder, specifier.slice(alias.length));
  }
  return undefined;
}

/** Where a file sits in the browser's layers: { layer: "feature", name }, { layer: "lib" }, { layer: "app" }. */
function placeOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf("web");
  if (at < 1 || parts[at - 1] !== "src") return undefined;
  const [top, name] = parts.slice(at + 1);
  if (top === "features" && name && parts.length > at + 3) return { layer: "feature", name };
  if (top === "lib" || top === "app") return { layer: top };
  return undefined;
}

/** Why an import from `from` to `to` breaks the layers, or undefined when it does not. */
function problemOf(from, to) {
  if (!from || !to) return undefined;
  if (from.layer === "feature") {
    if (to.layer === "feature" && to.name !== from.name) return "crossFeature";
    if (to.layer === "app") return "featureToApp";
  }
  if (from.layer === "lib" && (to.layer === "feature" || to.layer === "app")) return "libUp";
  return undefined;
}

const layers = {
  meta: {
    type: "problem",
    docs: { description: "Browser code imports only along its layers: features -> lib, app -> features -> lib" },
    schema: [],
    messages: {
      crossFeature:
        "features/{{from}} may not import features/{{to}}: move what both use to lib/, or let app/ compose the two (app/pages/).",
      featureToApp: "A feature never imports app/: app/ composes the features (take paths and helpers from lib/).",
      libUp: "lib/ imports neither features nor app/: it is what they build on.",
    },
  },
  create(context) {
    const filename = context.filename;
    const from = placeOf(filename);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const target = targetOf(filename, source.value);
      if (!target) return;
      const to = placeOf(target);
      const problem = problemOf(from, to);
      if (problem) context.report({ node, messageId: problem, data: { from: from.name, to: to?.name } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source : undefined),
    };
  },
};

/** The local plugin: `web-edges/layers`. */
export const webEdges = { meta: { name: "web-edges" }, rules: { layers } };
