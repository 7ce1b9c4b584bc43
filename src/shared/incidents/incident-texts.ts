import type { Locale } from "../i18n/locales.ts";
import type { IncidentTranslations, UpdateTranslations } from "./incident-translations.ts";

/**
 * Which of staff's texts a reader sees (migration 026, docs/decisions/019-languages.md): the version in their
 * language when staff wrote one, else the original. Apart from the schemas (incident-translations.ts), so that the
 * pages showing incidents carry no validation code.
 */

interface IncidentTexts {
  title: string;
  message: string;
  instructions: string;
  finalMessage: string | null;
}

/** The incident's texts in a language: each one's version there when staff wrote one, else the original. */
export function incidentTextsIn<T extends IncidentTexts>(
  incident: T & { translations: IncidentTranslations },
  locale: Locale,
): IncidentTexts {
  const version = locale === "en" ? undefined : incident.translations[locale];
  return {
    title: version?.title || incident.title,
    message: version?.message || incident.message,
    instructions: version?.instructions || incident.instructions,
    finalMessage: incident.finalMessage === null ? null : version?.finalMessage || incident.finalMessage,
  };
}

/** An update's message in a language, else the original. */
export const updateMessageIn = (update: { message: string; translations: UpdateTranslations }, locale: Locale) =>
  (locale === "en" ? undefined : update.translations[locale]) || update.message;

/** The languages an incident has any version in (CAP gives each its own <info>). */
export const translatedLocalesOf = (translations: IncidentTranslations) =>
  (["es", "fr", "hi", "ar"] as const).filter((locale) => translations[locale] !== undefined);
