import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { appIcons } from "./scripts/vite-app-icons.ts";
import { consoleOnlyFiles, outDirOf } from "./scripts/vite-console-files.ts";
import { i18nCatalogues } from "./scripts/vite-i18n-catalogues.ts";
import { staticShell } from "./scripts/vite-static-shell.ts";
import { publicChunks } from "./scripts/vite-public-chunks.ts";

const build = outDirOf();

// The SPA lives in src/web; its build lands in dist/web, which the API server serves.
export default defineConfig({
  root: "src/web",
  plugins: [
    react(),
    build.plugin,
    // Catalogue files compiled at build time, one chunk per language (docs/decisions/019-languages.md).
    i18nCatalogues(),
    appIcons({ source: fileURLToPath(new URL("src/web/public/icon.svg", import.meta.url)), background: "#0b5d8c" }),
    staticShell({ root: fileURLToPath(new URL("src/web", import.meta.url)) }),
    // The offline app shell (docs/offline.md): a Workbox service worker that precaches the public pages' files and
    // answers a navigation with the shell when the network does not. The manifest stays our own file
    // (public/manifest.webmanifest); registration is ours too (register-service-worker.ts), after the page loads.
    VitePWA({
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // The console's and the maps' chunks: not needed offline (maps need tiles from the network anyway), and
        // each visitor would otherwise download them.
        // The console's texts likewise; shell/ holds the layout per language, which the server puts into its pages.
        globIgnores: [
          "**/staff-*",
          "**/admin-*",
          "**/console-*",
          "**/create-map-*",
          "**/reports-map-*",
          "**/.vite/**",
          "shell/**",
        ],
        // And whatever else only the console loads, named after a module the console's features share (its form
        // feedback, its incident requests, the declare form's drawing map): found from Vite's manifest.
        manifestTransforms: [
          (entries) => {
            const consoleFiles = consoleOnlyFiles(build.outDir());
            return { manifest: entries.filter((entry) => !consoleFiles.has(entry.url)), warnings: [] };
          },
        ],
        navigateFallback: "/index.html",
        // API answers are never cached: every list, report and count comes from the server or says it could not.
        // Console pages and machine endpoints always go to the network.
        navigateFallbackDenylist: [/^\/api\//, /^\/staff(\/|$)/, /^\/open311\//, /^\/feeds\//, /^\/media\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Brotli and gzip copies of every text file, made once here at the highest levels (too slow to do per
    // request); the server sends the one the browser accepts as it is (@fastify/static preCompressed).
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|js|css|svg|json|webmanifest|txt)$/,
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads, for `npm run bench:web` and the end-to-end tests.
    manifest: true,
    // A page's chunk is fetched first and its own imports (Rollup lists every chunk it needs, transitive ones too)
    // right after, instead of naming every page's files in the entry chunk for one parallel fetch: the list cost the
    // first load of / 0.7 kB brotli. A page's stylesheets stay listed, so no page renders before its styles. A
    // direct visit is unchanged (the server names the page's files in its HTML: page-preloads.ts), and after the
    // first visit the service worker holds the public pages' files; only a navigation before it has them waits one
    // round trip more (docs/decisions/012-a-light-first-load.md).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => dep.endsWith(".css")) : deps,
    },
    rollupOptions: {
      output: { manualChunks: publicChunks() },
      onwarn(warning, warn) {
        // zod's own files carry explanatory comments that mention @__PURE__ where Rollup looks for annotations;
        // Rollup drops those comments and changes nothing else. Only that warning, only for zod, is silenced.
        if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
        warn(warning);
      },
    },
  },
});
