import path from "node:path";
import type { Plugin } from "vite";
import { compileCatalogue, readCatalogueFile } from "#server/i18n/catalogue-files.ts";
import { isLocale } from "#shared/i18n/locales.ts";

const QUERY = "?catalogue";

/**
 * `import messages from "…/catalogues/<locale>/<namespace>.json?catalogue"`: the catalogue file compiled at build
 * time into Lingui's message form (docs/decisions/019), handed on as JSON to Vite's own JSON module support.
 */
export function i18nCatalogues(): Plugin {
  return {
    name: "portal-i18n-catalogues",
    enforce: "pre",
    load(id) {
      if (!id.endsWith(`.json${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      const locale = path.basename(path.dirname(file));
      if (!isLocale(locale)) throw new Error(`${file}: the catalogue's folder must be a language (${locale}).`);
      this.addWatchFile(file);
      return JSON.stringify(compileCatalogue(readCatalogueFile(file), locale, { dropPlainIdentity: true }));
    },
  };
}
