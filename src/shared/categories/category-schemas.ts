import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";
import { isStorableText } from "../storable-text.ts";

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
} as const;

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
});
export type CategoryView = z.output<typeof categorySchema>;

export const categoryListSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryList = z.output<typeof categoryListSchema>;

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

export const newCategorySchema = z.object({
  name: name(),
  service_code: z
    .string({ error: CATEGORY_MESSAGES.serviceCode })
    .check(z.trim(), z.regex(SERVICE_CODE_PATTERN, CATEGORY_MESSAGES.serviceCode)),
  description: z._default(text(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong), ""),
  group: group(),
});
export type NewCategory = z.output<typeof newCategorySchema>;

/** A change to one category: any of its name, description, group and whether it is offered. */
export const categoryChangeSchema = z.object({
  name: z.optional(name()),
  description: z.optional(text(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong)),
  group: z.optional(z.nullable(text(CATEGORY_LIMITS.group, CATEGORY_MESSAGES.groupTooLong))),
  active: z.optional(z.boolean()),
});
export type CategoryChange = z.output<typeof categoryChangeSchema>;

/** The new order: every category's service code, each once. */
export const categoryOrderSchema = z.object({
  service_codes: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)),
});
