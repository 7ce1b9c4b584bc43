import path from "node:path";
import { createServer, type Plugin } from "vite";
import type { Messages } from "@lingui/core";
import { CATALOGUE_BUNDLES } from "#shared/i18n/catalogue-bundles.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#shared/i18n/locales.ts";
import { CATALOGUES_DIR, compileCatalogue, readCatalogueFile } from "#server/i18n/catalogue-files.ts";

/** Where the build keeps each language's shell; the server swaps it into the page (page-preloads.ts). */
export const shellFileOf = (locale: Locale) => `shell/${locale}.html`;

/**
 * Puts the app's layout, rendered by React at build time (src/web/app/static-shell.tsx), into index.html's #root,
 * so the first paint needs no script (docs/decisions/012-a-light-first-load.md). The module is loaded through a
 * short-lived Vite server in SSR mode, which compiles the TSX and the CSS-free imports it needs. The layout is
 * rendered once per language: English goes into index.html, and each language into shell/<locale>.html
 * (docs/decisions/019-languages.md).
 */
export function staticShell({ root }: { root: string }): Plugin {
  const shells = new Map<Locale, string>();
  return {
    name: "static-shell",
    apply: "build",
    async buildStart() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, watch: null },
        // Nothing for a browser here: no scan of dependencies to pre-bundle.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await server.ssrLoadModule("/app/static-shell.tsx")) as {
          renderStaticShell: (locale: Locale, messages: Messages) => string;
        };
        for (const locale of LOCALES) shells.set(locale, module.renderStaticShell(locale, publicMessages(locale)));
      } finally {
        await server.close();
      }
    },
    transformIndexHtml(html, { filename }) {
      // The same configuration builds bench/empty-app, whose page is not the portal's.
      if (path.relative(root, filename).startsWith("..")) return html;
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
      return html.replace('<div id="root"></div>', `<div id="root">${shells.get(DEFAULT_LOCALE)}</div>`);
    },
    generateBundle() {
      // English too: the server finds the shell to swap by its exact markup.
      for (const [locale, shell] of shells)
        this.emitFile({ type: "asset", fileName: shellFileOf(locale), source: shell });
    },
  };
}

function publicMessages(locale: Locale): Messages {
  const source = Object.assign(
    {},
    ...CATALOGUE_BUNDLES.public.map((namespace) =>
      readCatalogueFile(path.join(CATALOGUES_DIR, locale, `${namespace}.json`)),
    ),
  );
  return compileCatalogue(source, locale) as Messages;
}
