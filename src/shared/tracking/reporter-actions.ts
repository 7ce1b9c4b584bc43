import { z } from "zod/mini";
import type { fixedQuestionSchema, reporterUpdateViewSchema } from "../api-schemas/progress.ts";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";
import { HIDE_REASON_MAX_LENGTH, NOTE_MAX_LENGTH } from "../staff/staff-schemas.ts";
import { STAFF_MESSAGES } from "../staff/staff-messages.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * What the reporter may do from their private tracking page (docs/decisions/015-reporter-actions.md): add
 * an update (text and up to 5 photos) and, once the report is resolved, answer "Is it fixed?". The form and the
 * server validate with the same schemas.
 */

/** Longest update text: a few paragraphs, as much as anyone types on a phone. */
export const REPORTER_UPDATE_MAX_LENGTH = 2_000;

/**
 * Updates one report may receive in 24 hours, whoever sends them (the per-client limit is REPORTER_UPDATES_PER_HOUR,
 * config.ts): a leaked link cannot bury the report's timeline, and a reporter can still add several photos' worth.
 */
export const REPORTER_UPDATES_PER_REPORT_PER_DAY = 10;

/** The multipart text field of an update; the photos come under `images`, as in a report. */
export const UPDATE_TEXT_FIELD = "text";

/**
 * English message ids, translated where they are shown; a message with values is a template filled in English, a
 * count's singular and plural two templates (docs/decisions/019-languages.md).
 */
export const REPORTER_MESSAGES = {
  updateTextRequired: msg("Please describe what has changed."),
  updateTooLong: englishText(msg("The update must be at most {max} characters."), { max: REPORTER_UPDATE_MAX_LENGTH }),
  updateInvalidCharacters: msg(
    "The update contains invisible or broken characters that cannot be saved. Please retype it.",
  ),
  updateAdded: msg("Thank you. Your update was added to the report's timeline."),
  updateFailed: msg("Your update could not be added. Nothing was saved; please try again."),
  tooManyUpdatesForReport: msg("This report has received many updates today. Please try again tomorrow."),
  tooManyUpdatesFromClient: (minutes: number) =>
    englishText(
      minutes === 1
        ? msg("Too many updates from your connection. Please try again in {minutes} minute.")
        : msg("Too many updates from your connection. Please try again in {minutes} minutes."),
      { minutes },
    ),
  tooManyAnswers: msg('Too many answers to "Is it fixed?" from your connection. Please wait a minute and try again.'),
  answerInvalid: msg("Please answer Yes or No."),
  noteRequired: msg("Please tell us what is still wrong."),
  noteTooLong: englishText(msg("The note must be at most {max} characters."), { max: NOTE_MAX_LENGTH }),
  noteInvalidCharacters: msg(
    "The note contains invisible or broken characters that cannot be saved. Please retype it.",
  ),
  notResolved: msg("You can answer this once the report is marked resolved."),
  alreadyConfirmed: msg("You have already told us that it is fixed. Thank you!"),
  confirmedFixed: msg("Thank you for confirming that it is fixed."),
  reopened: msg("Thank you. The report is in progress again and the staff have been told it is still a problem."),
} as const;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** The text fields of POST /api/track/:token/updates. */
export const reporterUpdateSchema = z.object({
  [UPDATE_TEXT_FIELD]: z.pipe(
    z.transform(blankToUndefined),
    z
      .string({ error: REPORTER_MESSAGES.updateTextRequired })
      .check(
        z.trim(),
        z.maxLength(REPORTER_UPDATE_MAX_LENGTH, REPORTER_MESSAGES.updateTooLong),
        z.refine(isStorableText, REPORTER_MESSAGES.updateInvalidCharacters),
      ),
  ),
});

// The public note of the reopen: as long as a staff member's.
const stillAProblemNote = z.pipe(
  z.transform(blankToUndefined),
  z
    .string({ error: REPORTER_MESSAGES.noteRequired })
    .check(
      z.trim(),
      z.maxLength(NOTE_MAX_LENGTH, REPORTER_MESSAGES.noteTooLong),
      z.refine(isStorableText, REPORTER_MESSAGES.noteInvalidCharacters),
    ),
);

/** POST /api/track/:token/answer: `{ fixed: true }`, or `{ fixed: false, note }` with what is still wrong. */
export const fixedAnswerSchema = z.union([
  z.object({ fixed: z.literal(true) }),
  z.object({ fixed: z.literal(false), note: stillAProblemNote }),
]);
export type FixedAnswer = z.output<typeof fixedAnswerSchema>;

/**
 * The first message for an answer that does not parse: the note's own when the answer is No, else "answer Yes or
 * No". Shared so the tracking page words a refusal as the server would.
 */
export function fixedAnswerProblem(input: unknown): { message: string; field?: "note" } | undefined {
  const parsed = fixedAnswerSchema.safeParse(input);
  if (parsed.success) return undefined;
  if (typeof input === "object" && input !== null && (input as { fixed?: unknown }).fixed === false) {
    const noteIssue = z.object({ note: stillAProblemNote }).safeParse(input);
    if (!noteIssue.success)
      return { message: noteIssue.error.issues[0]?.message ?? REPORTER_MESSAGES.noteRequired, field: "note" };
  }
  return { message: REPORTER_MESSAGES.answerInvalid };
}

/** Staff hiding one reporter update: a reason, as for hiding a report. */
export const hideUpdateSchema = z.object({
  reason: z.pipe(
    z.transform(blankToUndefined),
    z
      .string({ error: STAFF_MESSAGES.updateReasonRequired })
      .check(z.trim(), z.maxLength(HIDE_REASON_MAX_LENGTH, STAFF_MESSAGES.reasonTooLong(HIDE_REASON_MAX_LENGTH))),
  ),
});

/** One visible update from the reporter, as the public timeline and the tracking page show it. */
export type ReporterUpdateView = z.output<typeof reporterUpdateViewSchema>;

/** "Is it fixed?" on the tracking page. */
export type FixedQuestion = z.output<typeof fixedQuestionSchema>;
