import path from "node:path";
import { CATALOGUE_NAMESPACES } from "#shared/i18n/catalogue-bundles.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { CATALOGUES_DIR, compileCatalogue, readCatalogueFile } from "#server/i18n/catalogue-files.ts";
import { i18n } from "#web/lib/i18n/i18n.ts";

/**
 * The browser's Lingui instance with a language's catalogues, compiled as the build compiles them, for unit tests
 * of components and browser helpers (docs/decisions/019-languages.md).
 */
export function activateWebLocale(locale: Locale = "en"): void {
  const source = Object.assign(
    {},
    ...CATALOGUE_NAMESPACES.map((namespace) =>
      readCatalogueFile(path.join(CATALOGUES_DIR, locale, `${namespace}.json`)),
    ),
  );
  i18n.load(locale, compileCatalogue(source, locale, { dropPlainIdentity: true }));
  i18n.activate(locale);
}
