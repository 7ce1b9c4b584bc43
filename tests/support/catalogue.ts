import fs from "node:fs";
import path from "node:path";
import { CATALOGUE_NAMESPACES } from "#shared/i18n/catalogue-bundles.ts";
import type { Locale } from "#shared/i18n/locales.ts";

const DIR = path.resolve(import.meta.dirname, "../../src/shared/i18n/catalogues");
const cache = new Map<Locale, Record<string, string>>();

/**
 * What a page says for an English text in a language, read from the catalogues the build compiles
 * (docs/decisions/019-languages.md); only for texts without placeholders.
 */
export function textIn(locale: Locale, english: string): string {
  let catalogue = cache.get(locale);
  if (!catalogue) {
    catalogue = Object.assign(
      {},
      ...CATALOGUE_NAMESPACES.map((namespace) =>
        JSON.parse(fs.readFileSync(path.join(DIR, locale, `${namespace}.json`), "utf8")),
      ),
    ) as Record<string, string>;
    cache.set(locale, catalogue);
  }
  const text = catalogue[english];
  if (text === undefined) throw new Error(`"${english}" is not in the ${locale} catalogue.`);
  return text;
}
