import { z } from "zod/mini";
import { grievanceInputSchema } from "../grievances/grievance-schema.ts";
import { LOCALES, msg } from "../i18n/locales.ts";

/**
 * Requests of two console operations (docs/decisions/033-duplicates-calls-and-templates.md): marking a report as a
 * duplicate of another, and a report taken by staff for a caller. zod/mini: the console validates with them too.
 */

export const WORK_MESSAGES = {
  duplicateOfRequired: msg("Please choose the report this one repeats."),
  duplicateOfItself: msg("A report cannot be a duplicate of itself."),
  originalNotFound: msg("The report it repeats was not found."),
  originalHidden: msg("The report it repeats is hidden from the public: choose a visible one."),
  originalChanged: msg("The report it repeats was marked as a duplicate meanwhile: please try again."),
  alreadyDuplicate: msg("This report is already marked as a duplicate."),
  resolvedNotDuplicate: msg("This report is already resolved: reopen it first to mark it as a duplicate."),
  channelRequired: msg("Please choose how the report reached you."),
} as const;

/** POST /api/staff/grievances/{id}/duplicate (markDuplicate): the report the path's one repeats. */
export const markDuplicateSchema = z.object({
  duplicateOfId: z
    .string({ error: WORK_MESSAGES.duplicateOfRequired })
    .check(
      z.trim(),
      z.minLength(1, WORK_MESSAGES.duplicateOfRequired),
      z.maxLength(100, WORK_MESSAGES.originalNotFound),
    ),
});
export type MarkDuplicateInput = z.input<typeof markDuplicateSchema>;

/** The channels of a report that staff take for someone: on the phone, at the counter, by letter, by e-mail. */
export const TAKEN_CHANNELS = ["phone", "counter", "letter", "email"] as const;
export type TakenChannel = (typeof TAKEN_CHANNELS)[number];

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * POST /api/staff/grievances (createGrievanceOnBehalf), multipart: the public form's fields and rules
 * (grievance-schema.ts: a phone number alone is contact enough, and no contact at all is allowed as on the public
 * form), plus how the report came and, optionally, the caller's language for their receipt.
 */
export const onBehalfInputSchema = z.extend(grievanceInputSchema, {
  channel: z.enum(TAKEN_CHANNELS, { error: WORK_MESSAGES.channelRequired }),
  locale: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(LOCALES))),
});
export type OnBehalfInput = z.input<typeof onBehalfInputSchema>;
export type NewOnBehalfReport = z.output<typeof onBehalfInputSchema>;
