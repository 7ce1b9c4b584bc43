import type { Status } from "#shared/domain.ts";
import {
  REPORTER_MESSAGES,
  REPORTER_UPDATES_PER_REPORT_PER_DAY,
  type FixedAnswer,
  type FixedQuestion,
  type ReporterUpdateView,
} from "#shared/tracking/reporter-actions.ts";
import { transitionProblem } from "#shared/staff/staff-schemas.ts";
import { TRACKING_MESSAGES } from "#shared/tracking/tracking.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import type { GrievanceService, Upload } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { notify } from "../delivery/index.ts";
import {
  confirmedSinceResolved,
  lockReportRow,
  recordConfirmedFixed,
  recordReporterReopen,
  type LockedReport,
} from "./reporter-action-repository.ts";
import { countUpdatesOfLastDay, insertReporterUpdate } from "./reporter-update-repository.ts";

/**
 * The write side of the reporter's actions (docs/decisions/015-reporter-actions.md). As in the staff workflow
 * (src/server/staff/workflow.ts), each action is one transaction that locks the report row (FOR UPDATE), checks,
 * changes and records: two answers or updates at once are serialised, and a report hidden meanwhile is gone.
 */

// One and the same answer as GET /api/track/:token for an unknown, malformed or hidden report's token.
export const trackingNotFound = (closeConnection = false) =>
  new HttpError(404, TRACKING_MESSAGES.notFound, undefined, { closeConnection });

export const tooManyUpdatesForReport = (closeConnection = false) =>
  new HttpError(429, REPORTER_MESSAGES.tooManyUpdatesForReport, undefined, { closeConnection });

async function lockVisibleReport(
  tx: Queryable,
  where: "id" | "tracking_token_hash",
  value: unknown,
): Promise<LockedReport> {
  const row = await lockReportRow(tx, where, value);
  if (!row || row.hidden_at !== null) throw trackingNotFound();
  return row;
}

/** Whether the reporter may add another update to this report now (checked again, under the lock, when saving). */
export async function hasRoomForUpdate(db: Queryable, grievanceId: string): Promise<boolean> {
  return (await countUpdatesOfLastDay(db, grievanceId)) < REPORTER_UPDATES_PER_REPORT_PER_DAY;
}

/**
 * Records an update whose photos are already stored (GrievanceService.withStoredImages removes them again when this
 * throws). The report is locked, so the per-report count cannot be raced past. `alsoInTransaction` commits or rolls
 * back with the update: where followers are to be told of it by e-mail (decision 014), so that a message exists
 * exactly when the update does.
 */
export async function recordReporterUpdate(
  db: Database,
  grievanceId: string,
  text: string,
  images: StoredImage[],
  alsoInTransaction?: (tx: Queryable, update: ReporterUpdateView) => Promise<void>,
): Promise<ReporterUpdateView> {
  return db.transaction(async (tx) => {
    const report = await lockVisibleReport(tx, "id", grievanceId);
    if (!(await hasRoomForUpdate(tx, report.id))) throw tooManyUpdatesForReport();
    const update = await insertReporterUpdate(tx, report.id, text, images);
    await alsoInTransaction?.(tx, update);
    return update;
  });
}

/** The reporter's reopen, for work that must commit or roll back with it (e-mail to followers, decision 014). */
export interface ReopenedByReporter {
  grievanceId: string;
  /** grievance_events.id of the status event. */
  eventId: string;
  note: string;
}

/**
 * "Is it fixed?", answered from the tracking page; only while the report is resolved. "Yes" is recorded once per
 * resolution. "No" is the allowed reopen (resolved -> in-progress) with the reporter's note as its public note,
 * one status event by the reporter, and flags the report for staff (reopened_by_reporter_at); `onReopen` runs in
 * the same transaction (where followers are to be told, as of a staff status change). Returns the report's id.
 */
export async function answerFixedQuestion(
  db: Database,
  tokenHash: Uint8Array,
  answer: FixedAnswer,
  onReopen?: (tx: Queryable, reopen: ReopenedByReporter) => Promise<void>,
): Promise<string> {
  return db.transaction((tx) => answerFixedQuestionIn(tx, { tokenHash }, answer, onReopen));
}

/**
 * The same answer inside the caller's transaction, the report found by its tracking token's hash (the private page)
 * or by its id (an answer by SMS, src/server/sms/sms-fixed-answer.ts): one rule for both. Refusals are HttpErrors
 * thrown before anything is written.
 */
export async function answerFixedQuestionIn(
  tx: Queryable,
  report: { tokenHash: Uint8Array } | { id: string },
  answer: FixedAnswer,
  onReopen?: (tx: Queryable, reopen: ReopenedByReporter) => Promise<void>,
): Promise<string> {
  const locked =
    "id" in report
      ? await lockVisibleReport(tx, "id", report.id)
      : await lockVisibleReport(tx, "tracking_token_hash", report.tokenHash);
  if (locked.status !== "resolved") throw new HttpError(409, REPORTER_MESSAGES.notResolved);
  if (answer.fixed) {
    if ((await confirmedSinceResolved(tx, locked.id)) !== null)
      throw new HttpError(409, REPORTER_MESSAGES.alreadyConfirmed);
    await recordConfirmedFixed(tx, locked.id);
    return locked.id;
  }
  // The staff's own rules decide whether the move is allowed, so the two can never disagree.
  const problem = transitionProblem(locked.status, "in-progress");
  if (problem) throw new HttpError(409, problem);
  const eventId = await recordReporterReopen(tx, { id: locked.id, from: locked.status, note: answer.note });
  await onReopen?.(tx, { grievanceId: locked.id, eventId, note: answer.note });
  return locked.id;
}

/** The state of "Is it fixed?" for the tracking page. */
export async function fixedQuestionOf(db: Queryable, grievanceId: string, status: Status): Promise<FixedQuestion> {
  if (status !== "resolved") return { open: false, confirmedAt: null };
  const confirmedAt = await confirmedSinceResolved(db, grievanceId);
  return { open: confirmedAt === null, confirmedAt: confirmedAt ? new Date(confirmedAt).toISOString() : null };
}

/**
 * The reporter's update from the tracking page: the photos stored, the update recorded, and the followers told in
 * the same transaction (docs/decisions/014-transactional-outbox-email.md); the reporter wrote it and is not.
 */
export async function addReporterUpdate(
  deps: { db: Database; service: GrievanceService; mailLinkBase: string },
  report: { id: string; user_email: string | null },
  text: string,
  uploads: Upload[],
): Promise<ReporterUpdateView> {
  return deps.service.withStoredImages(uploads, REPORTER_MESSAGES.updateFailed, (images) =>
    recordReporterUpdate(deps.db, report.id, text, images, (tx, added) =>
      notify(tx, {
        kind: "reporter-update",
        grievanceId: report.id,
        updateId: added.id,
        text: added.text,
        reporterEmail: report.user_email,
        linkBase: deps.mailLinkBase,
      }).then(() => undefined),
    ),
  );
}

/**
 * "Is it fixed?" answered, and a "No, it is still a problem" told in the same transaction
 * (docs/decisions/014-transactional-outbox-email.md): to the other followers, and by SMS to the reporter when they
 * asked for updates there (docs/product-decisions.md D18: their phone hears of every change of status, this one too).
 */
export async function answerFixedQuestionAndNotify(
  db: Database,
  tokenHash: Uint8Array,
  answer: FixedAnswer,
  tell: { reporterEmail: string | null | undefined; mailLinkBase: string },
): Promise<string> {
  return answerFixedQuestion(db, tokenHash, answer, async (tx, reopen) => {
    await notify(tx, {
      kind: "reopened-by-reporter",
      ...reopen,
      reporterEmail: tell.reporterEmail,
      via: "page",
      linkBase: tell.mailLinkBase,
    });
  });
}
