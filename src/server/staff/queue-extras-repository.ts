import type { IncidentType } from "#shared/incidents/incidents.ts";
import type { StaffGrievance } from "#shared/staff/staff-api.ts";
import type { Queryable } from "../db/database.ts";

/**
 * What the work queue shows of a page's reports beyond their rows: the incident each is linked to, and how many
 * updates its reporter added since staff last acted. Asked for the page's ids only (a page is at most 100 reports),
 * through incident_reports' primary key and the two tables' per-report indexes, never for the whole queue.
 */

export interface QueueExtras {
  incidents: Map<string, StaffGrievance["incident"]>;
  newUpdates: Map<string, number>;
}

export async function queueExtrasOf(db: Queryable, ids: string[]): Promise<QueueExtras> {
  if (ids.length === 0) return { incidents: new Map(), newUpdates: new Map() };
  const [incidents, updates] = await Promise.all([
    db.query<{ grievance_id: string; id: string; title: string; type: IncidentType; closed_at: Date | null }>(
      `SELECT r.grievance_id::text, i.id::text, i.title, i.type, i.closed_at
       FROM incident_reports r JOIN incidents i ON i.id = r.incident_id
       WHERE r.grievance_id = ANY($1::uuid[])`,
      [ids],
    ),
    // "Since staff last acted": after the report's latest staff event (a status change, hiding or showing it), or
    // any at all when staff never acted on it. Hidden updates are moderated already: not new work.
    db.query<{ grievance_id: string; n: number }>(
      `SELECT u.grievance_id::text, count(*)::int AS n
       FROM reporter_updates u
       WHERE u.grievance_id = ANY($1::uuid[]) AND u.hidden_at IS NULL
         AND u.created_at > coalesce(
           (SELECT max(e.at) FROM grievance_events e WHERE e.grievance_id = u.grievance_id AND e.actor = 'staff'),
           '-infinity'::timestamptz)
       GROUP BY u.grievance_id`,
      [ids],
    ),
  ]);
  return {
    incidents: new Map(
      incidents.rows.map((row) => [
        row.grievance_id,
        {
          id: row.id,
          title: row.title,
          type: row.type,
          closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
        },
      ]),
    ),
    newUpdates: new Map(updates.rows.map((row) => [row.grievance_id, row.n])),
  };
}
