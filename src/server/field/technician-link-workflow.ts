import {
  FIELD_MESSAGES,
  fieldPagePath,
  TECHNICIAN_LINK_HOURS,
  type TechnicianLinkCreated,
} from "#shared/field/field.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { TechnicianLink } from "#shared/field/field.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { recordAudit } from "../admin/audit-log-repository.ts";
import { enqueueStaffMessage } from "../notifications/outbox.ts";
import { newTrackingToken, hashTrackingToken } from "../tracking/tracking-token.ts";
import { findJobReport, recordLinkEvent } from "./field-job-repository.ts";
import { technicianLinkMessage } from "./technician-link-message.ts";
import {
  findTechnicianLink,
  insertTechnicianLink,
  revokeTechnicianLink as revokeLinkRow,
} from "./technician-link-repository.ts";

/**
 * Staff's side of the technicians' links (docs/decisions/031-technician-links.md): send one, revoke one. Each is
 * one transaction with its audit entry, its timeline event and, for a new link, the e-mail in the outbox
 * (docs/decisions/014-transactional-outbox-email.md): the link exists if and only if its message does.
 */

export interface LinkDeps {
  db: Database;
  /** The portal's clock: links expire 72 hours after it says they were made (the tests move it). */
  now: () => Date;
  /** Where links in e-mail start: PUBLIC_URL, from configuration only (http/public-links.ts). */
  mailLinkBase: string;
}

export interface LinkActor {
  staffId: string;
  email: string;
}

const HOUR_MS = 3_600_000;

export async function createTechnicianLink(
  deps: LinkDeps,
  grievanceId: string,
  email: string,
  actor: LinkActor,
): Promise<TechnicianLinkCreated> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const token = newTrackingToken();
  const url = `${deps.mailLinkBase}${fieldPagePath(token)}`;
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TECHNICIAN_LINK_HOURS * HOUR_MS);
  const linkId = await deps.db.transaction(async (tx) => {
    const report = await findJobReport(tx, grievanceId);
    if (!report) throw new HttpError(404, STAFF_MESSAGES.notFound);
    // Messages about a hidden report are withheld by the outbox: the link would never arrive.
    if (report.hidden_at !== null) throw new HttpError(409, FIELD_MESSAGES.hiddenReport);
    const id = await insertTechnicianLink(tx, {
      grievanceId,
      email,
      tokenHash: hashTrackingToken(token),
      staffId: actor.staffId,
      now,
      expiresAt,
    });
    await recordLinkEvent(tx, { grievanceId, staffId: actor.staffId, action: "sent", email, expiresAt });
    // Never the token: the audit log is read by every administrator.
    await recordAudit(
      tx,
      { id: actor.staffId, email: actor.email },
      {
        action: "technician_link.create",
        target: report.reference,
        details: { email, expiresAt: expiresAt.toISOString() },
      },
    );
    await enqueueStaffMessage(tx, {
      grievanceId,
      event: `technician-link:${id}`,
      recipient: email,
      message: technicianLinkMessage("en", report, { url, expiresAt }),
    });
    return id;
  });
  const link = await findTechnicianLink(deps.db, grievanceId, linkId, now);
  return { url, link: link! };
}

/** Withdraws a link at once: whoever holds it gets "withdrawn" from then on. 409 when it no longer works anyway. */
export async function revokeTechnicianLink(
  deps: Pick<LinkDeps, "db" | "now">,
  grievanceId: string,
  linkId: string,
  actor: LinkActor,
): Promise<TechnicianLink> {
  if (!UUID_PATTERN.test(grievanceId) || !UUID_PATTERN.test(linkId))
    throw new HttpError(404, FIELD_MESSAGES.linkNotFound);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const link = await findTechnicianLink(tx, grievanceId, linkId, now);
    if (!link) throw new HttpError(404, FIELD_MESSAGES.linkNotFound);
    if (!(await revokeLinkRow(tx, linkId, actor.staffId, now))) throw new HttpError(409, FIELD_MESSAGES.linkNotActive);
    const expiresAt = new Date(link.expiresAt);
    await recordLinkEvent(tx, { grievanceId, staffId: actor.staffId, action: "revoked", email: link.email, expiresAt });
    const report = await findJobReport(tx, grievanceId);
    await recordAudit(
      tx,
      { id: actor.staffId, email: actor.email },
      {
        action: "technician_link.revoke",
        target: report?.reference ?? grievanceId,
        details: { email: link.email },
      },
    );
  });
  return (await findTechnicianLink(deps.db, grievanceId, linkId, now))!;
}
