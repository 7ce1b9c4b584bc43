import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";
import { COLUMNS } from "../grievances/grievance-filter-repository.ts";
import type { GrievanceRow, StoredImage } from "../grievances/grievance-row.ts";

/**
 * A report as the crew in the field reads and changes it (docs/decisions/031-technician-links.md): the report's row,
 * the technician's resolution with its "after" photos, and the staff timeline's record of links sent and revoked.
 */

export interface JobRow extends GrievanceRow {
  hidden_at: Date | null;
  after_images: StoredImage[];
}

export async function findJobReport(db: Queryable, grievanceId: string): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS}, hidden_at, after_images FROM grievances WHERE id = $1`, [
    grievanceId,
  ]);
  return rows[0];
}

/** The report's row locked FOR UPDATE until the transaction ends: its status and whether it is hidden. */
export async function lockJobReport(
  tx: Queryable,
  grievanceId: string,
): Promise<{ status: Status; hidden_at: Date | null } | undefined> {
  const { rows } = await tx.query<{ status: Status; hidden_at: Date | null }>(
    "SELECT status, hidden_at FROM grievances WHERE id = $1 FOR UPDATE",
    [grievanceId],
  );
  return rows[0];
}

/**
 * The report resolved by a technician: the status, their photos as the report's "after" photos (replacing an
 * earlier repair's), and one status event by the technician with their note as its public note; the reporter's
 * "still a problem" flag goes, as with a staff change. Returns the event's id (the followers' message key).
 */
export async function recordTechnicianResolution(
  tx: Queryable,
  fix: { grievanceId: string; from: Status; note: string; email: string; linkId: string; images: StoredImage[] },
): Promise<string> {
  await tx.query(
    `UPDATE grievances SET status = 'resolved', reopened_by_reporter_at = NULL, after_images = $2::jsonb
     WHERE id = $1`,
    [fix.grievanceId, JSON.stringify(fix.images)],
  );
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, actor, details)
     VALUES ($1, 'status', $2, 'resolved', $3, 'technician', $4::jsonb) RETURNING id::text`,
    [fix.grievanceId, fix.from, fix.note, JSON.stringify({ technicianEmail: fix.email, linkId: fix.linkId })],
  );
  return rows[0]!.id;
}

/** The staff timeline's record of a link sent or revoked: who, to which address, until when. */
export async function recordLinkEvent(
  tx: Queryable,
  event: { grievanceId: string; staffId: string; action: "sent" | "revoked"; email: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO grievance_events (grievance_id, kind, staff_id, details)
     VALUES ($1, 'technician-link', $2, $3::jsonb)`,
    [
      event.grievanceId,
      event.staffId,
      JSON.stringify({ action: event.action, email: event.email, expiresAt: event.expiresAt.toISOString() }),
    ],
  );
}

/** The public report's "after the repair" photos; none for a hidden or unknown report. */
export async function findAfterImages(db: Queryable, grievanceId: string): Promise<StoredImage[]> {
  const { rows } = await db.query<{ after_images: StoredImage[] }>(
    "SELECT after_images FROM grievances WHERE id = $1 AND hidden_at IS NULL",
    [grievanceId],
  );
  return rows[0]?.after_images ?? [];
}
