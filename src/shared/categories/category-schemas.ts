import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";
import { TRANSLATED_LOCALES, byTranslatedLocale } from "../i18n/translated-locales.ts";
import { isStorableText } from "../storable-text.ts";
import { CATEGORY_ICON_KEYS } from "./category-icons.ts";
import { smsKeywordsInput, smsKeywordsSchema } from "./sms-keywords.ts";

/**
 * Categories as data (migration 016, docs/decisions/017): what the API answers about them and what administrators
 * send. zod/mini like the other shared schemas; the console validates with these before sending, the server again.
 */

export const CATEGORY_LIMITS = { name: 100, description: 500, group: 100, serviceCode: 64 } as const;
export const SERVICE_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const CATEGORY_MESSAGES = {
  nameRequired: msg("Please give the category a name."),
  nameTooLong: englishText(msg("The name must be at most {max} characters."), { max: CATEGORY_LIMITS.name }),
  descriptionTooLong: englishText(msg("The description must be at most {max} characters."), {
    max: CATEGORY_LIMITS.description,
  }),
  groupTooLong: englishText(msg("The group must be at most {max} characters."), { max: CATEGORY_LIMITS.group }),
  serviceCode: msg(
    "The service code must be 1 to 64 lowercase letters, digits, - or _, starting with a letter or digit (e.g. water-kiosk).",
  ),
  invalidText: msg("Please remove the characters that cannot be stored."),
  duplicateName: msg("Another category already has this name."),
  duplicateCode: msg("Another category already has this service code."),
  notFound: msg("There is no category with this service code."),
  reorderMismatch: msg("Please list every category exactly once to change the order."),
  translationNameRequired: msg("Please give the category a name in this language too, or leave both empty."),
} as const;

/** The languages a category is translated into; English is its `name` and `description` (migration 021). */

const translationSchema = z.object({ name: z.string(), description: z.string() });
/** A category's names and descriptions in the other languages; a missing language is shown in English. */
export const categoryTranslationsSchema = byTranslatedLocale(translationSchema);
export type CategoryTranslations = z.output<typeof categoryTranslationsSchema>;

export const categorySchema = z.object({
  /** What a report stores and the list's `category` filter takes; never changes. */
  key: z.string(),
  /** Stable code for integrations (Open311's service_code). */
  service_code: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.nullable(z.string()),
  /** Offered on the form; a deactivated category stays on its old reports. */
  active: z.boolean(),
  /** One of the portal's icons (category-icons.ts). */
  icon: z.enum(CATEGORY_ICON_KEYS),
  translations: categoryTranslationsSchema,
  /** The form offers the water points near the pin for it (migration 036, docs/decisions/036-water-points.md). */
  waterPoints: z.boolean(),
  /** An open report of it means its water point is not working (docs/decisions/039-water-point-status.md). */
  meansNotWorking: z.boolean(),
});
export type CategoryView = z.output<typeof categorySchema>;

export const categoryListSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryList = z.output<typeof categoryListSchema>;

/** A category as administrators see it: also its keywords for reports by SMS (sms-keywords.ts). */
export const adminCategorySchema = z.extend(categorySchema, { sms_keywords: smsKeywordsSchema });
export type AdminCategoryView = z.output<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.output<typeof adminCategoryListSchema>;

const text = (max: number, tooLong: string) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong), z.refine(isStorableText, CATEGORY_MESSAGES.invalidText));
const name = () =>
  z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, CATEGORY_MESSAGES.nameRequired),
      z.maxLength(CATEGORY_LIMITS.name, CATEGORY_MESSAGES.nameTooLong),
      z.refine(isStorableText, CATEGORY_MESSAGES.invalidText),
    );
// An empty group means none.
const group = () =>
  z.pipe(
    z.optional(z.nullable(text(CATEGORY_LIMITS.group, CATEGORY_MESSAGES.groupTooLong))),
    z.transform((value) => (value ? value : null)),
  );

/**
 * One language's name and description as administrators send them: both empty means "show English"; a description
 * without a name is refused (a half-translated category would read as two languages).
 */
const translationInput = () =>
  z
    .object({
      name: z._default(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(CATEGORY_LIMITS.name, CATEGORY_MESSAGES.nameTooLong),
            z.refine(isStorableText, CATEGORY_MESSAGES.invalidText),
          ),
        "",
      ),
      description: z._default(text(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong), ""),
    })
    .check(
      z.refine((value) => value.name !== "" || value.description === "", {
        message: CATEGORY_MESSAGES.translationNameRequired,
        path: ["name"],
      }),
    );
const translationsInput = () =>
  z.pipe(
    z.object({
      es: z.optional(translationInput()),
      fr: z.optional(translationInput()),
      hi: z.optional(translationInput()),
      ar: z.optional(translationInput()),
    }),
    // An empty language is no translation: it is left out, and shown in English.
    z.transform((value): CategoryTranslations => {
      const kept: CategoryTranslations = {};
      for (const locale of TRANSLATED_LOCALES) {
        const translation = value[locale];
        if (translation?.name) kept[locale] = translation;
      }
      return kept;
    }),
  );

export const newCategorySchema = z.object({
  name: name(),
  service_code: z
    .string({ error: CATEGORY_MESSAGES.serviceCode })
    .check(z.trim(), z.regex(SERVICE_CODE_PATTERN, CATEGORY_MESSAGES.serviceCode)),
  description: z._default(text(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong), ""),
  group: group(),
  icon: z._default(z.enum(CATEGORY_ICON_KEYS), "other"),
  translations: z._default(translationsInput(), {}),
  waterPoints: z._default(z.boolean(), false),
  meansNotWorking: z._default(z.boolean(), false),
  sms_keywords: z._default(smsKeywordsInput(), {}),
});
export type NewCategory = z.output<typeof newCategorySchema>;

/** A change to one category: any of its name, description, group and whether it is offered. */
export const categoryChangeSchema = z.object({
  name: z.optional(name()),
  description: z.optional(text(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong)),
  group: z.optional(z.nullable(text(CATEGORY_LIMITS.group, CATEGORY_MESSAGES.groupTooLong))),
  active: z.optional(z.boolean()),
  icon: z.optional(z.enum(CATEGORY_ICON_KEYS)),
  /** Every language's version at once: a language left out is no longer translated. */
  translations: z.optional(translationsInput()),
  /** Whether the form offers water points for it, and whether an open report of it means the point is not working. */
  waterPoints: z.optional(z.boolean()),
  meansNotWorking: z.optional(z.boolean()),
  /** Every language's SMS keywords at once: a language left out has none. */
  sms_keywords: z.optional(smsKeywordsInput()),
});
export type CategoryChange = z.output<typeof categoryChangeSchema>;

/** The new order: every category's service code, each once. */
export const categoryOrderSchema = z.object({
  service_codes: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)),
});
