import type { Status } from "../../shared/domain.ts";
import type { GrievanceProgress } from "../../shared/staff-api.ts";
import type { Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "../grievances/grievance-sql.ts";

/**
 * The public timeline of a visible report: when it was reported, then each status change with its public note.
 * Staff identity and moderation events never leave this query. Undefined for unknown or hidden reports.
 */
export async function findProgress(db: Queryable, id: string): Promise<GrievanceProgress | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const { rows } = await db.query<{ status: Status; created_at: Date }>(
    "SELECT status, created_at FROM grievances WHERE id = $1 AND hidden_at IS NULL",
    [id],
  );
  const grievance = rows[0];
  if (!grievance) return undefined;
  const events = await db.query<{ at: Date; from_status: Status; to_status: Status; note: string | null }>(
    `SELECT at, from_status, to_status, note FROM grievance_events
     WHERE grievance_id = $1 AND kind = 'status' ORDER BY at, id`,
    [id],
  );
  return {
    id,
    status: grievance.status,
    timeline: [
      { type: "reported", at: new Date(grievance.created_at).toISOString() },
      ...events.rows.map((e) => ({
        type: "status" as const,
        at: new Date(e.at).toISOString(),
        from: e.from_status,
        to: e.to_status,
        note: e.note,
      })),
    ],
  };
}
