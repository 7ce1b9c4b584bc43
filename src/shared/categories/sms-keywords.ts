import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { LOCALES, msg, type Locale } from "../i18n/locales.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * A category's keywords for reports by SMS, per language (categories.sms_keywords, migration 037;
 * docs/decisions/037-sms-conversations.md): a report by SMS using one of them gets the category. Administrators edit
 * them with the category, one text box per language, keywords separated by commas or lines.
 */

export const SMS_KEYWORD_LIMITS = { length: 60, perLanguage: 50 } as const;

export const SMS_KEYWORD_MESSAGES = {
  tooLong: englishText(msg("Each SMS keyword must be at most {max} characters."), { max: SMS_KEYWORD_LIMITS.length }),
  tooMany: englishText(msg("Please give at most {max} SMS keywords per language."), {
    max: SMS_KEYWORD_LIMITS.perLanguage,
  }),
  invalidText: msg("Please remove the characters that cannot be stored."),
} as const;

export type SmsKeywords = Partial<Record<Locale, string[]>>;

/** As the API answers them: each language's keywords, a language without any left out. */
export const smsKeywordsSchema = z.object({
  en: z.optional(z.array(z.string())),
  es: z.optional(z.array(z.string())),
  fr: z.optional(z.array(z.string())),
  hi: z.optional(z.array(z.string())),
  ar: z.optional(z.array(z.string())),
});

const keywordList = () =>
  z.optional(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(SMS_KEYWORD_LIMITS.length, SMS_KEYWORD_MESSAGES.tooLong),
            z.refine(isStorableText, SMS_KEYWORD_MESSAGES.invalidText),
          ),
      )
      .check(z.maxLength(SMS_KEYWORD_LIMITS.perLanguage, SMS_KEYWORD_MESSAGES.tooMany)),
  );

/** As administrators send them: blanks and repeats (whatever their case) dropped, an empty language left out. */
export const smsKeywordsInput = () =>
  z.pipe(
    z.object({ en: keywordList(), es: keywordList(), fr: keywordList(), hi: keywordList(), ar: keywordList() }),
    z.transform((value): SmsKeywords => {
      const kept: SmsKeywords = {};
      for (const locale of LOCALES) {
        const seen = new Set<string>();
        const words = (value[locale] ?? []).filter((word) => {
          const key = word.toLocaleLowerCase();
          if (word === "" || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        if (words.length > 0) kept[locale] = words;
      }
      return kept;
    }),
  );

/** One language's text box: keywords separated by commas, semicolons or lines (Arabic's comma too). */
export const keywordsOfText = (text: string): string[] =>
  text
    .split(/[,;\n،؛]/u)
    .map((word) => word.trim())
    .filter((word) => word !== "");
