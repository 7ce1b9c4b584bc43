import path from "node:path";
import { setupI18n, type I18n } from "@lingui/core";
import type { FastifyRequest } from "fastify";
import { CATALOGUE_NAMESPACES } from "#shared/i18n/catalogue-bundles.ts";
import {
  DEFAULT_LOCALE,
  LOCALES,
  acceptedLanguages,
  cookieLocale,
  isLocale,
  pickLocale,
  type Locale,
} from "#shared/i18n/locales.ts";
import { translateText } from "#shared/i18n/translate-text.ts";
import { CATALOGUES_DIR, compileCatalogue, readCatalogueFile } from "./catalogue-files.ts";

/**
 * The server's texts in every language (docs/decisions/019-languages.md): each language's catalogue files, all
 * of them, compiled once at start-up into a Lingui instance of its own, so concurrent requests in different
 * languages never share an active locale.
 */
const instances = new Map<Locale, I18n>();

function instanceFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const source = Object.assign(
      {},
      ...CATALOGUE_NAMESPACES.map((namespace) =>
        readCatalogueFile(path.join(CATALOGUES_DIR, locale, `${namespace}.json`)),
      ),
    );
    i18n = setupI18n({
      locale,
      messages: { [locale]: compileCatalogue(source, locale) },
      missing: (_locale, id) => id,
    });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Reads every catalogue now, so a broken file stops the start with its name rather than a later request. */
export function loadServerCatalogues(): void {
  for (const locale of LOCALES) instanceFor(locale);
}

/** `t` in a given language: for e-mails and pages whose reader's language is known. */
export function translatorFor(locale: Locale): (id: string, values?: Record<string, unknown>) => string {
  const i18n = instanceFor(locale);
  return (id, values) => i18n._(id, values);
}

/** A finished English text (an error's message) in the given language (shared/i18n/translate-text.ts). */
export function translateFor(locale: Locale, text: string): string {
  return locale === "en" ? text : translateText(instanceFor(locale), text);
}

/**
 * The language of a request: the visitor's remembered choice (the `lang` cookie the language switch sets), else the
 * first language of `Accept-Language` that the portal speaks (the web app sends its active language there), else
 * English.
 */
export function requestLocale(request: Pick<FastifyRequest, "headers">): Locale {
  return cookieLocale(request.headers.cookie) ?? pickLocale(acceptedLanguages(request.headers["accept-language"]));
}

/** A language read back from the database (reports', followers' `locale`, migration 017): English if unknown. */
export function storedLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
