import { z } from "zod/mini";
import { STATUSES, type Status } from "../domain.ts";
import { bboxSchema, grievanceListQuerySchema } from "../grievances/grievance-schema.ts";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { STAFF_MESSAGES } from "./staff-messages.ts";
import { isStorableText } from "../storable-text.ts";
import { statusLabel } from "../format.ts";

/**
 * Request schemas of the staff API; the console validates with them before sending, the server again. zod/mini,
 * like grievance-schema.ts, which the queue's query extends (docs/decisions/012).
 */

export const NOTE_MAX_LENGTH = 1000;
export const HIDE_REASON_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 12;

/**
 * How a report reached the utility: the public form, an Open311 client, an SMS, or staff taking it for a caller on
 * the phone, at the counter, by letter or by e-mail (migrations/027).
 */
export const CHANNELS = ["web", "open311", "sms", "phone", "counter", "letter", "email"] as const;
export type Channel = (typeof CHANNELS)[number];

/** 'admin' may also manage categories, staff accounts and API keys (docs/decisions/017). */
export const STAFF_ROLES = ["staff", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const signInSchema = z.object({
  email: z
    .string({ error: STAFF_MESSAGES.signInMissing })
    .check(z.trim(), z.minLength(1, STAFF_MESSAGES.signInMissing), z.maxLength(254)),
  password: z
    .string({ error: STAFF_MESSAGES.signInMissing })
    .check(z.minLength(1, STAFF_MESSAGES.signInMissing), z.maxLength(1024)),
});
export type SignInInput = z.input<typeof signInSchema>;

/**
 * Allowed status moves (docs/product-decisions.md D11): pending -> in-progress -> resolved, reopen resolved -> in-progress, and
 * pending -> resolved directly (duplicates, quick fixes: the resolving note still explains it). Nothing goes
 * back to pending: a report that someone has looked at is never "not yet looked at" again.
 */
export const STATUS_TRANSITIONS: Readonly<Record<Status, readonly Status[]>> = {
  pending: ["in-progress", "resolved"],
  "in-progress": ["resolved"],
  resolved: ["in-progress"],
};

export function canTransition(from: Status, to: Status): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, or null when it is allowed. */
export function transitionProblem(from: Status, to: Status): string | null {
  if (from === to) return STAFF_MESSAGES.sameStatus(statusLabel(to));
  if (!canTransition(from, to)) return STAFF_MESSAGES.forbiddenTransition(statusLabel(from), statusLabel(to));
  return null;
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const statusChangeSchema = z
  .object({
    status: z.enum(STATUSES, { error: STAFF_MESSAGES.invalidStatus }),
    note: z.pipe(
      z.transform(blankToUndefined),
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(NOTE_MAX_LENGTH, STAFF_MESSAGES.noteTooLong(NOTE_MAX_LENGTH)),
          // Named as the console's form names it ("Public note").
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
export type StatusChangeInput = z.input<typeof statusChangeSchema>;

export const hideSchema = z.object({
  reason: z.pipe(
    z.transform(blankToUndefined),
    z
      .string({ error: STAFF_MESSAGES.reasonRequired })
      .check(z.trim(), z.maxLength(HIDE_REASON_MAX_LENGTH, STAFF_MESSAGES.reasonTooLong(HIDE_REASON_MAX_LENGTH))),
  ),
});
export type HideInput = z.input<typeof hideSchema>;

const queryBoolean = z.pipe(
  z.transform((v: unknown) => (v === "true" ? true : v === "false" ? false : blankToUndefined(v))),
  z.optional(z.boolean()),
);

/**
 * The queue's orders, open reports always before resolved ones: oldest first (the default), newest first, most
 * urgent first (then oldest), most people affected first (then oldest), or least time left to the next due time
 * first (docs/decisions/030-service-targets-and-escalation.md).
 */
export const QUEUE_SORTS = ["oldest-open", "newest", "priority", "affected", "time-left"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/**
 * The queue's views of the signed-in staff member's work, each of open reports only: assigned to them, to any team
 * they are a member of, to no team yet (migrations/027's partial indexes); and reports sent by SMS without a pin,
 * for staff to place on the map (migrations/039, docs/decisions/041-sms-for-staff.md).
 */
export const QUEUE_VIEWS = ["mine", "my-teams", "needs-team", "needs-place"] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/**
 * The staff queue: the public list's query plus `overdue`, `hidden` (include by default, or only/exclude),
 * `reopened` (reopened by the reporter, docs/decisions/015-reporter-actions.md), `affected` (true: someone else said
 * "I have this problem too", docs/decisions/016-map-and-location.md), `view` (QUEUE_VIEWS) and `sort`.
 */
export const staffQueueQuerySchema = z.extend(grievanceListQuerySchema, {
  overdue: queryBoolean,
  reopened: queryBoolean,
  affected: queryBoolean,
  view: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(QUEUE_VIEWS))),
  hidden: z.pipe(z.transform(blankToUndefined), z._default(z.enum(["include", "only", "exclude"]), "include")),
  sort: z.pipe(z.transform(blankToUndefined), z._default(z.enum(QUEUE_SORTS), "oldest-open")),
});
export type StaffQueueQuery = z.output<typeof staffQueueQuerySchema>;

/** The console's map: the queue's filters within a visible area (required), hidden reports included by default. */
export const staffMapQuerySchema = z.extend(
  z.omit(staffQueueQuerySchema, { page: true, pageSize: true, cursor: true, sort: true }),
  {
    bbox: bboxSchema(),
  },
);
export type StaffMapQuery = z.output<typeof staffMapQuerySchema>;
