import { z } from "zod/mini";
import { STATUSES } from "../domain.ts";
import { englishText } from "../i18n/english-text.ts";
import { idSchema as uuid } from "../ids.ts";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";
import { NOTE_MAX_LENGTH } from "./staff-schemas.ts";
import { STAFF_MESSAGES } from "./staff-messages.ts";

/**
 * Request schemas and texts of the staff's work on reports: assigning them, the queue's own views, bulk actions and
 * internal notes (docs/decisions/032-internal-notes-stay-inside.md). zod/mini like the other staff schemas.
 */

export const INTERNAL_NOTE_MAX_LENGTH = 4000;
/** How many reports one bulk action may change: a page of the queue at its largest. */
export const BULK_MAX_REPORTS = 100;

export const WORK_MESSAGES = {
  teamRequired: msg("Please choose a team."),
  teamNotFound: msg("This team does not exist."),
  teamRetired: msg("This team is retired: reports can no longer be assigned to it."),
  notAMember: msg("This person is not a member of the chosen team: add them to the team first, or choose a member."),
  accountInvalid: msg("Please choose a staff member from the list."),
  alreadyAssigned: msg("This report is already assigned to this team and person."),
  noteTextRequired: msg("Please write the internal note."),
  noteOrPhotoRequired: msg("Please write the internal note or add a photo."),
  noteTooLong: englishText(msg("The internal note must be at most {max} characters."), {
    max: INTERNAL_NOTE_MAX_LENGTH,
  }),
  noteInvalidCharacters: MESSAGES.invalidCharacters(msg("Internal note")),
  bulkNoneChosen: msg("Please choose at least one report."),
  bulkTooMany: englishText(msg("At most {max} reports can be changed at once."), { max: BULK_MAX_REPORTS }),
  noteFailed: msg("The internal note could not be saved. Please try again."),
} as const;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** assignGrievance: the team, and optionally one of its members (null or absent: the team as a whole). */
export const assignmentSchema = z.object({
  teamId: uuid(WORK_MESSAGES.teamRequired),
  staffAccountId: z.pipe(z.transform(blankToUndefined), z.optional(z.nullable(uuid(WORK_MESSAGES.accountInvalid)))),
});
export type AssignmentInput = z.input<typeof assignmentSchema>;

const noteText = z
  .string({ error: WORK_MESSAGES.noteTextRequired })
  .check(
    z.trim(),
    z.maxLength(INTERNAL_NOTE_MAX_LENGTH, WORK_MESSAGES.noteTooLong),
    z.refine(isStorableText, WORK_MESSAGES.noteInvalidCharacters),
  );

/** addInternalNote: JSON `{ text }`. */
export const internalNoteSchema = z.object({ text: z.pipe(z.transform(blankToUndefined), noteText) });
export type InternalNoteInput = z.input<typeof internalNoteSchema>;

/** The text field of addInternalNoteWithPhotos (multipart): optional when photos come with it. */
export const INTERNAL_NOTE_TEXT_FIELD = "text";
export const internalNotePhotosFieldsSchema = z.object({
  [INTERNAL_NOTE_TEXT_FIELD]: z.pipe(z.transform(blankToUndefined), z.optional(noteText)),
});

const reportIds = z
  .array(uuid(STAFF_MESSAGES.notFound))
  .check(z.minLength(1, WORK_MESSAGES.bulkNoneChosen), z.maxLength(BULK_MAX_REPORTS, WORK_MESSAGES.bulkTooMany));

/** bulkAssignGrievances: the reports, and the assignment each gets. */
export const bulkAssignmentSchema = z.extend(assignmentSchema, { ids: reportIds });
export type BulkAssignmentInput = z.input<typeof bulkAssignmentSchema>;

/** bulkChangeGrievanceStatus: the reports, the status and the public note (needed to resolve, as for one report). */
export const bulkStatusChangeSchema = z
  .object({
    ids: reportIds,
    status: z.enum(STATUSES, { error: STAFF_MESSAGES.invalidStatus }),
    note: z.pipe(
      z.transform(blankToUndefined),
      z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(NOTE_MAX_LENGTH, STAFF_MESSAGES.noteTooLong(NOTE_MAX_LENGTH)),
            z.refine(isStorableText, MESSAGES.invalidCharacters(msg("Public note"))),
          ),
      ),
    ),
  })
  .check(
    z.refine((v) => v.status !== "resolved" || v.note !== undefined, {
      message: STAFF_MESSAGES.noteRequiredToResolve,
      path: ["note"],
    }),
  );
export type BulkStatusChangeInput = z.input<typeof bulkStatusChangeSchema>;
