import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The console's writes to a report (workflow.ts, update-moderation.ts), each in the caller's transaction: the
 * locks that serialise two staff acting at once, the changes and the events that record them.
 */

export interface LockedGrievance {
  status: Status;
  hidden_at: Date | null;
}

/** The report's row, locked FOR UPDATE until the transaction ends. */
export async function lockGrievanceRow(tx: Queryable, id: string): Promise<LockedGrievance | undefined> {
  const { rows } = await tx.query<LockedGrievance>(
    "SELECT status, hidden_at FROM grievances WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0];
}

/**
 * Sets the status and records the change; a staff status change answers the reporter's "still a problem", so the
 * queue's flag goes (docs/decisions/015-reporter-actions.md). Returns the event's id.
 */
export async function recordStatusChange(
  tx: Queryable,
  change: { id: string; from: Status; to: Status; note: string | null; staffId: string },
): Promise<string> {
  await tx.query("UPDATE grievances SET status = $2, reopened_by_reporter_at = NULL WHERE id = $1", [
    change.id,
    change.to,
  ]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id)
     VALUES ($1, 'status', $2, $3, $4, $5) RETURNING id::text`,
    [change.id, change.from, change.to, change.note, change.staffId],
  );
  return rows[0]!.id;
}

/** Hides the report with a reason (or shows it again) and records the event. */
export async function recordVisibilityChange(
  tx: Queryable,
  id: string,
  hide: { reason: string } | false,
  staffId: string,
): Promise<void> {
  await tx.query(
    hide
      ? "UPDATE grievances SET hidden_at = now(), hidden_reason = $2 WHERE id = $1"
      : "UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1",
    hide ? [id, hide.reason] : [id],
  );
  await tx.query("INSERT INTO grievance_events (grievance_id, kind, note, staff_id) VALUES ($1, $2, $3, $4)", [
    id,
    hide ? "hidden" : "shown",
    hide ? hide.reason : null,
    staffId,
  ]);
}

/** A reporter's update of this report, locked FOR UPDATE; undefined when there is no such update. */
export async function lockReporterUpdateRow(
  tx: Queryable,
  grievanceId: string,
  updateId: string,
): Promise<{ hidden_at: Date | null } | undefined> {
  const { rows } = await tx.query<{ hidden_at: Date | null }>(
    "SELECT hidden_at FROM reporter_updates WHERE id = $1 AND grievance_id = $2 FOR UPDATE",
    [updateId, grievanceId],
  );
  return rows[0];
}

/** Hides a reporter's update: when, why and by whom. */
export async function hideReporterUpdateRow(tx: Queryable, updateId: string, reason: string, staffId: string) {
  await tx.query("UPDATE reporter_updates SET hidden_at = now(), hidden_reason = $2, hidden_by = $3 WHERE id = $1", [
    updateId,
    reason,
    staffId,
  ]);
}
