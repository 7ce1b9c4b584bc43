import { z } from "zod/mini";
import type {
  fieldJobFixedSchema,
  fieldJobSchema,
  fieldNoteSchema,
  technicianLinkCreatedSchema,
  technicianLinkListSchema,
  technicianLinkSchema,
} from "../api-schemas/field.ts";
import { FIELD_LIMITS } from "../domain.ts";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { NOTE_MAX_LENGTH } from "../staff/staff-schemas.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * The crew in the field (docs/decisions/031-technician-links.md): staff send a technician, who has no account, a
 * one-time link to one report; the link opens /field/:token, where the technician reads the job, adds notes with
 * photos and marks it fixed. The form and the server validate with the same schemas.
 */

/** How long a link works after it is sent. */
export const TECHNICIAN_LINK_HOURS = 72;

/** The field page's path; the server puts it after PUBLIC_URL in the e-mailed link. */
export const fieldPagePath = (token: string): string => `/field/${encodeURIComponent(token)}`;

/** The multipart text field of a technician's note and of "Mark the job fixed"; the photos come under `images`. */
export const FIELD_NOTE_FIELD = "text";

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const FIELD_MESSAGES = {
  notFound: msg("This link does not open any job. Check that it was copied whole."),
  expired: msg("This link has expired: links work for 72 hours. Ask the office for a new one."),
  revoked: msg("This link was withdrawn by the office. Ask them for a new one if you still need it."),
  used: msg("This link was used: the job was marked fixed. Nothing more can be done through it."),
  alreadyResolved: msg("This report is already resolved: it cannot be marked fixed again."),
  noteRequired: msg("Please write what you did or found."),
  noteTooLong: englishText(msg("The note must be at most {max} characters."), { max: NOTE_MAX_LENGTH }),
  noteInvalidCharacters: msg(
    "The note contains invisible or broken characters that cannot be saved. Please retype it.",
  ),
  noteFailed: msg("Your note could not be saved. Nothing was saved; please try again."),
  tooManyReads: msg("Too many requests for the job from your connection. Please wait a minute and try again."),
  tooManyNotes: msg("Too many notes sent from your connection. Please wait a minute and try again."),
  linkNotFound: msg("No such link for this report."),
  hiddenReport: msg("This report is hidden from the public: show it again before sending it to a crew."),
  linkNotActive: msg("This link no longer works: it was used, withdrawn or has expired."),
} as const;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** POST createTechnicianLink: where to send the link. */
export const technicianLinkInputSchema = z.object({
  email: z.pipe(
    z.string({ error: MESSAGES.invalidEmail }).check(z.trim(), z.maxLength(FIELD_LIMITS.email, MESSAGES.invalidEmail)),
    z.email({ error: MESSAGES.invalidEmail }),
  ),
});

/** The text fields of a technician's note and of "Mark the job fixed" (whose note becomes the public note). */
export const fieldNoteInputSchema = z.object({
  [FIELD_NOTE_FIELD]: z.pipe(
    z.transform(blankToUndefined),
    z
      .string({ error: FIELD_MESSAGES.noteRequired })
      .check(
        z.trim(),
        z.maxLength(NOTE_MAX_LENGTH, FIELD_MESSAGES.noteTooLong),
        z.refine(isStorableText, FIELD_MESSAGES.noteInvalidCharacters),
      ),
  ),
});

export type TechnicianLinkInput = z.infer<typeof technicianLinkInputSchema>;
export type TechnicianLink = z.output<typeof technicianLinkSchema>;
export type TechnicianLinkList = z.output<typeof technicianLinkListSchema>;
export type TechnicianLinkCreated = z.output<typeof technicianLinkCreatedSchema>;
export type FieldJob = z.output<typeof fieldJobSchema>;
export type FieldNote = z.output<typeof fieldNoteSchema>;
export type FieldJobFixed = z.output<typeof fieldJobFixedSchema>;
