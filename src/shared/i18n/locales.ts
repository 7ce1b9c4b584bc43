/**
 * The portal's languages (docs/decisions/019-languages.md). English is the source: its message ids are the English
 * texts themselves, the specification's among them, and every other language translates them.
 */
export const LOCALES = ["en", "es", "fr", "hi", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name for itself: what the language switch offers. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  hi: "हिन्दी",
  ar: "العربية",
};

/** The cookie that remembers the visitor's choice; the server reads it too (page language, API messages). */
export const LOCALE_COOKIE = "lang";

/** The remembered choice in a Cookie header or `document.cookie` ("a=1; lang=fr"), if it is a language we speak. */
export function cookieLocale(cookies: string | undefined): Locale | undefined {
  const value = cookies?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`))?.[1];
  return isLocale(value) ? value : undefined;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The first supported language among tags in order of preference ("es-MX" counts as "es"), else English. */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") in order of preference. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Marks a text defined outside a component (a label map, a schema's message) as a message id, so the catalogue
 * test finds it; it is translated where it is shown. Lingui calls the same idea `msg`.
 */
export const msg = <const T extends string>(text: T): T => text;
