import { FIELD_MESSAGES } from "#shared/field/field.ts";
import { reportPagePath } from "#shared/page-paths.ts";
import { transitionProblem } from "#shared/staff/staff-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { GrievanceService, Upload } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { insertInternalNote } from "../staff/internal-note-repository.ts";
import { notify } from "../delivery/index.ts";
import { trackingTokenHashOf } from "../tracking/tracking-token.ts";
import { lockJobReport, recordTechnicianResolution } from "./field-job-repository.ts";
import { findLinkByTokenHash, spendLinksOfReport, type FoundLink } from "./technician-link-repository.ts";

/**
 * The technician's side (docs/decisions/031-technician-links.md): the link's token is the credential. A note and
 * "Mark the job fixed" each lock the link (FOR UPDATE) and check it in their transaction, so a link revoked, spent
 * or expired meanwhile changes nothing; their photos go through the report's pipeline (checked by content,
 * re-encoded) and are removed again if the transaction does not commit.
 */

export interface FieldDeps {
  db: Database;
  service: GrievanceService;
  now: () => Date;
  mailLinkBase: string;
}

const REFUSALS = {
  expired: FIELD_MESSAGES.expired,
  revoked: FIELD_MESSAGES.revoked,
  used: FIELD_MESSAGES.used,
} as const;

/** The link of a token while it works; 404 for a token that opens nothing, 410 with the reason for a dead one. */
export async function usableLink(db: Queryable, token: string, now: Date, lock = false): Promise<FoundLink> {
  const hash = trackingTokenHashOf(token);
  const link = hash && (await findLinkByTokenHash(db, hash, now, lock));
  if (!link) throw new HttpError(404, FIELD_MESSAGES.notFound);
  if (link.state !== "active") throw new HttpError(410, REFUSALS[link.state]);
  return link;
}

/** A note with photos from the technician, kept with the report's internal notes as theirs. Returns its id. */
export async function addTechnicianNote(
  deps: FieldDeps,
  token: string,
  text: string,
  uploads: Upload[],
): Promise<string> {
  // Checked before any photo is processed, and again under the lock.
  await usableLink(deps.db, token, deps.now());
  return deps.service.withStoredImages(uploads, FIELD_MESSAGES.noteFailed, (images) =>
    deps.db.transaction(async (tx) => {
      const link = await usableLink(tx, token, deps.now(), true);
      const author = { kind: "technician" as const, email: link.email };
      const note = await insertInternalNote(tx, { grievanceId: link.grievance_id, author, text, images });
      return note.id;
    }),
  );
}

/**
 * "Mark the job fixed": the report resolved by the technician with their note as its public note and their photos
 * as its "after" photos, every link of the report spent, and the followers told as of any resolution, all in one
 * transaction. Returns the report's id.
 */
export async function markJobFixed(deps: FieldDeps, token: string, note: string, uploads: Upload[]): Promise<string> {
  await usableLink(deps.db, token, deps.now());
  return deps.service.withStoredImages(uploads, FIELD_MESSAGES.noteFailed, (images) =>
    deps.db.transaction(async (tx) => {
      const now = deps.now();
      // The report first, then the link: every transaction that spends a report's links holds the report's lock
      // before it takes any link's, so two "fixed" through two links of one report wait for each other instead of
      // deadlocking.
      const found = await usableLink(tx, token, now);
      const report = await lockJobReport(tx, found.grievance_id);
      if (!report) throw new HttpError(404, FIELD_MESSAGES.notFound);
      const link = await usableLink(tx, token, now, true);
      if (report.status === "resolved") throw new HttpError(409, FIELD_MESSAGES.alreadyResolved);
      const problem = transitionProblem(report.status, "resolved");
      if (problem) throw new HttpError(409, problem);
      const eventId = await recordTechnicianResolution(tx, {
        grievanceId: link.grievance_id,
        from: report.status,
        note,
        email: link.email,
        linkId: link.id,
        images,
      });
      await spendLinksOfReport(tx, link.grievance_id, now);
      // Told as of any resolution: the same message and key as a staff member's (notify.ts).
      const change = { eventId, from: report.status, to: "resolved" as const, note };
      await notify(tx, { kind: "status-changed", grievanceId: link.grievance_id, change, linkBase: deps.mailLinkBase });
      return link.grievance_id;
    }),
  );
}

/** Where the public page of a report is, for the answer to "fixed": the repair's photos show there. */
export const publicReportUrl = (linkBase: string, grievanceId: string): string =>
  `${linkBase}${reportPagePath(grievanceId)}`;
