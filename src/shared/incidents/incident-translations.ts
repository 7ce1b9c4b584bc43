import { z } from "zod/mini";
import { msg } from "../i18n/locales.ts";
import { TRANSLATED_LOCALES, byTranslatedLocale, type TranslatedLocale } from "../i18n/translated-locales.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * Staff-written incident texts in the portal's other languages (migration 026, docs/decisions/019-languages.md):
 * the texts stay as staff wrote them, and staff may add a version per language; a reader in that language sees it,
 * anyone else the original. A language with nothing written is left out.
 */

const versionSchema = z.object({
  title: z.optional(z.string()),
  message: z.optional(z.string()),
  instructions: z.optional(z.string()),
  finalMessage: z.optional(z.string()),
});
export type IncidentTextVersion = z.output<typeof versionSchema>;

/** An incident's versions, by language, as answers carry them. */
export const incidentTranslationsSchema = byTranslatedLocale(versionSchema);
export type IncidentTranslations = z.output<typeof incidentTranslationsSchema>;

/** An update's message, by language. */
export const updateTranslationsSchema = byTranslatedLocale(z.string());
export type UpdateTranslations = z.output<typeof updateTranslationsSchema>;

// A version is optional and may be empty (nothing written for that language); what is written is checked as the
// original is, and named by its label when it cannot be stored.
const optionalText = (max: number, label: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max), z.refine(isStorableText, MESSAGES.invalidCharacters(label))));

const dropEmpty = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, text]) => typeof text === "string" && text !== "")) as Partial<T>;

/** The longest each text may be (INCIDENT_LIMITS, passed in: incidents.ts builds its schemas with these). */
interface TextLimits {
  title: number;
  message: number;
  instructions: number;
}

/** What staff send with a declaration: per language, any of the title, the message and the instructions. */
export const declareTranslationsInput = (limits: TextLimits) => {
  const version = () =>
    z.optional(
      z.object({
        title: optionalText(limits.title, msg("Title")),
        message: optionalText(limits.message, msg("Public message")),
        instructions: optionalText(limits.instructions, msg("Instructions")),
      }),
    );
  return z.pipe(z.object({ es: version(), fr: version(), hi: version(), ar: version() }), z.transform(keptVersions));
};

/** One text per language (an update's message, the final message), as staff send it. */
export const textTranslationsInput = (limits: TextLimits, label: string) => {
  const text = () => optionalText(limits.message, label);
  return z.pipe(
    z.object({ es: text(), fr: text(), hi: text(), ar: text() }),
    z.transform((value): UpdateTranslations => dropEmpty(value)),
  );
};

function keptVersions(
  value: Partial<Record<TranslatedLocale, Record<string, string | undefined>>>,
): IncidentTranslations {
  const kept: IncidentTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const version = dropEmpty(value[locale] ?? {});
    if (Object.keys(version).length > 0) kept[locale] = version;
  }
  return kept;
}
