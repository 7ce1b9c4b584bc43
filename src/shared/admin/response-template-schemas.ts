import { z } from "zod/mini";
import { STATUSES } from "../domain.ts";
import { LOCALES, msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";
import { NOTE_MAX_LENGTH } from "../staff/staff-schemas.ts";

/**
 * Response templates (docs/decisions/033-duplicates-calls-and-templates.md): public notes kept by administrators
 * per status and language, offered in the console's status form. The limits are migrations/032's CHECKs.
 */
export const TEMPLATE_TITLE_MAX_LENGTH = 100;

export const TEMPLATE_MESSAGES = {
  titleRequired: msg("Please give the template a title."),
  titleTooLong: msg("The title must be at most 100 characters."),
  textRequired: msg("Please write the template's text."),
  textTooLong: msg("The text must be at most 1000 characters."),
  statusRequired: msg("Please choose a status from the list."),
  languageRequired: msg("Please choose a language from the list."),
  notFound: msg("There is no such response template."),
  duplicateTitle: msg("A template with this title already exists for this status and language."),
} as const;

const text = (label: string, required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, tooLong),
      z.refine(isStorableText, MESSAGES.invalidCharacters(label)),
    );

const fields = {
  title: text(msg("Title"), TEMPLATE_MESSAGES.titleRequired, TEMPLATE_MESSAGES.titleTooLong, TEMPLATE_TITLE_MAX_LENGTH),
  status: z.enum(STATUSES, { error: TEMPLATE_MESSAGES.statusRequired }),
  language: z.enum(LOCALES, { error: TEMPLATE_MESSAGES.languageRequired }),
  text: text(msg("Text"), TEMPLATE_MESSAGES.textRequired, TEMPLATE_MESSAGES.textTooLong, NOTE_MAX_LENGTH),
};

/** POST /api/staff/admin/response-templates (createResponseTemplate). */
export const newResponseTemplateSchema = z.object(fields);
export type NewResponseTemplateInput = z.input<typeof newResponseTemplateSchema>;

/** PATCH /api/staff/admin/response-templates/{id} (changeResponseTemplate): any field; `active: false` retires it. */
export const responseTemplateChangeSchema = z.object({
  title: z.optional(fields.title),
  status: z.optional(fields.status),
  language: z.optional(fields.language),
  text: z.optional(fields.text),
  active: z.optional(z.boolean()),
});
export type ResponseTemplateChange = z.output<typeof responseTemplateChangeSchema>;

export const responseTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(STATUSES),
  language: z.enum(LOCALES),
  text: z.string(),
  /** False once retired: no longer offered in the status form. */
  active: z.boolean(),
  updatedAt: z.string(),
});
export type ResponseTemplate = z.output<typeof responseTemplateSchema>;

export const responseTemplateListSchema = z.object({ templates: z.array(responseTemplateSchema) });

/**
 * GET /api/staff/response-templates (listResponseTemplates): the active templates, for one status if given, those in
 * `language` first, then by language and title. With `grievanceId` instead, that report's reporter's language.
 */
export const responseTemplateQuerySchema = z.object({
  status: z.optional(z.enum(STATUSES, { error: TEMPLATE_MESSAGES.statusRequired })),
  language: z.optional(z.enum(LOCALES, { error: TEMPLATE_MESSAGES.languageRequired })),
  grievanceId: z.optional(z.string().check(z.maxLength(100))),
});

/** The offered templates and the language put first (null: none asked for, or the report was not found). */
export const offeredTemplatesSchema = z.object({
  templates: z.array(responseTemplateSchema),
  language: z.nullable(z.enum(LOCALES)),
});
export type OfferedTemplates = z.output<typeof offeredTemplatesSchema>;
