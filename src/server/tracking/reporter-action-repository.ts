import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";

/** The reporter's "Is it fixed?" answers and the report lock of their actions (reporter-workflow.ts). */

export interface LockedReport {
  id: string;
  status: Status;
  hidden_at: Date | null;
}

/** The report by its id or its tracking token's hash, locked FOR UPDATE until the transaction ends. */
export async function lockReportRow(
  tx: Queryable,
  where: "id" | "tracking_token_hash",
  value: unknown,
): Promise<LockedReport | undefined> {
  const { rows } = await tx.query<LockedReport>(
    `SELECT id, status, hidden_at FROM grievances WHERE ${where} = $1 FOR UPDATE`,
    [value],
  );
  return rows[0];
}

/** The reporter's "Yes, it is fixed". */
export async function recordConfirmedFixed(tx: Queryable, grievanceId: string): Promise<void> {
  await tx.query(
    "INSERT INTO grievance_events (grievance_id, kind, actor) VALUES ($1, 'confirmed-fixed', 'reporter')",
    [grievanceId],
  );
}

/**
 * The reporter's "No": back in progress, flagged for staff (reopened_by_reporter_at), one status event by the
 * reporter with their note. Returns the event's id.
 */
export async function recordReporterReopen(
  tx: Queryable,
  report: { id: string; from: Status; note: string },
): Promise<string> {
  await tx.query("UPDATE grievances SET status = 'in-progress', reopened_by_reporter_at = now() WHERE id = $1", [
    report.id,
  ]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, actor)
     VALUES ($1, 'status', $2, 'in-progress', $3, 'reporter') RETURNING id::text`,
    [report.id, report.from, report.note],
  );
  return rows[0]!.id;
}

/**
 * When the reporter said "Yes" since the report was last resolved, or null. Events are numbered in the order
 * their transactions took the report's lock, so "since" compares their ids.
 */
export async function confirmedSinceResolved(db: Queryable, grievanceId: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    `SELECT max(c.at) AS at FROM grievance_events c
     WHERE c.grievance_id = $1 AND c.kind = 'confirmed-fixed'
       AND c.id > coalesce((SELECT max(r.id) FROM grievance_events r
                            WHERE r.grievance_id = $1 AND r.kind = 'status' AND r.to_status = 'resolved'), 0)`,
    [grievanceId],
  );
  return rows[0]?.at ?? null;
}
