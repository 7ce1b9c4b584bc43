import { z } from "zod/mini";
import type { Locale } from "./locales.ts";

/**
 * The languages besides English that what the utility writes may also be given in: categories' names and
 * descriptions, incidents' texts (docs/decisions/019-languages.md). A language left out is shown in English, or in the
 * words as written.
 */
export const TRANSLATED_LOCALES = ["es", "fr", "hi", "ar"] as const satisfies readonly Exclude<Locale, "en">[];
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** What answers carry of such a text: an optional `value` for each of those languages. */
export const byTranslatedLocale = <T extends z.core.SomeType>(value: T) =>
  z.object({ es: z.optional(value), fr: z.optional(value), hi: z.optional(value), ar: z.optional(value) });
