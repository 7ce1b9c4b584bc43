import { z } from "zod";
import {
  CATEGORIES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PRIORITY,
  FIELD_LIMITS,
  MAX_PAGE_SIZE,
  PRIORITIES,
  STATUSES,
} from "./domain.ts";
import { MESSAGES } from "./messages.ts";
import { isStorableText } from "./storable-text.ts";

/**
 * The one schema for a new report: the form validates with it before sending, and the server validates the
 * multipart fields with it again. Field names are the specification's column names (§3).
 */

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.requiredFields })
    .trim()
    .min(1, MESSAGES.requiredFields)
    .max(max, MESSAGES.tooLong(label, max))
    .refine(isStorableText, MESSAGES.invalidCharacters(label));

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, MESSAGES.tooLong(label, max)).refine(isStorableText, MESSAGES.invalidCharacters(label)).optional(),
  );

// Plausible, not strict: digits with the usual separators, 6 to 20 digits in all.
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;
const countDigits = (value: string) => value.replace(/\D/g, "").length;

export const grievanceInputSchema = z.object({
  title: requiredText("Issue Title", FIELD_LIMITS.title),
  description: requiredText("Detailed Description", FIELD_LIMITS.description),
  category: z.enum(CATEGORIES, { error: MESSAGES.requiredFields }),
  priority: z.preprocess(
    blankToUndefined,
    z.enum(PRIORITIES, { error: "Please choose a priority from the list." }).default(DEFAULT_PRIORITY),
  ),
  location: optionalText("Location", FIELD_LIMITS.location),
  user_email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(FIELD_LIMITS.email, MESSAGES.invalidEmail)
      .pipe(z.email({ error: MESSAGES.invalidEmail }))
      .optional(),
  ),
  user_phone: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(FIELD_LIMITS.phone, MESSAGES.invalidPhone)
      .refine((v) => PHONE_PATTERN.test(v) && countDigits(v) >= 6 && countDigits(v) <= 20, MESSAGES.invalidPhone)
      .optional(),
  ),
});

export type GrievanceInput = z.input<typeof grievanceInputSchema>;
export type NewGrievance = z.output<typeof grievanceInputSchema>;
export type GrievanceField = keyof NewGrievance;
export type FieldErrors = Partial<Record<GrievanceField | "images", string>>;

/** One message per field: the first problem zod found for it. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as GrievanceField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The headline message for a failed validation: the specification's required-fields text wins when any
 * required field is missing, otherwise the first field's own message.
 */
export function summaryMessageOf(errors: FieldErrors): string {
  const messages = Object.values(errors);
  return messages.includes(MESSAGES.requiredFields) ? MESSAGES.requiredFields : (messages[0] ?? MESSAGES.requiredFields);
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values).optional());

// Decimal digits only, as our own links write them: "1e3", "0x10", "2.0" or "-1" are not page numbers.
const wholeNumber = (max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9]{1,9}$/, "Please use a whole number.")
      .transform(Number)
      .pipe(z.number().int().min(1).max(max))
      .default(fallback),
  );

/** Query of the public list (DESIGN.md D9); the web page keeps the same keys in its URL. */
export const grievanceListQuerySchema = z.object({
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(FIELD_LIMITS.search).refine(isStorableText, MESSAGES.invalidCharacters("Search")).optional(),
  ),
  category: optionalEnum(CATEGORIES),
  status: optionalEnum(STATUSES),
  priority: optionalEnum(PRIORITIES),
  page: wholeNumber(100_000, 1),
  pageSize: wholeNumber(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});
export type GrievanceListQuery = z.output<typeof grievanceListQuerySchema>;
export type GrievanceListFilters = Omit<GrievanceListQuery, "page" | "pageSize">;
