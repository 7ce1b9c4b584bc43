import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import type { Queryable } from "../db/database.ts";
import { allOf, filterConditions } from "../grievances/grievance-filter-repository.ts";
import type { FeedEntry } from "./grievance-atom.ts";

export const FEED_LENGTH = 50;

/**
 * The latest FEED_LENGTH things that happened to the public reports matching the filters: new reports (through the
 * date index) and status changes (through grievance_events' status index), merged newest first. Staff-only events
 * (hiding, showing) are not among them.
 */
export async function feedEntries(db: Queryable, filters: GrievanceListFilters): Promise<FeedEntry[]> {
  const params: unknown[] = [];
  const reports = allOf(["g.hidden_at IS NULL", ...filterConditions(filters, params, "g.")]);
  const changes = allOf(["g.hidden_at IS NULL", ...filterConditions(filters, params, "g.")]);
  const { rows } = await db.query<{
    kind: "new" | "status";
    event_id: string;
    at: Date;
    grievance_id: string;
    to_status: FeedEntry["toStatus"];
    note: string | null;
  }>(
    `(SELECT 'new' AS kind, '0' AS event_id, g.created_at AS at, g.id AS grievance_id, NULL AS to_status, NULL AS note
        FROM grievances g WHERE ${reports} ORDER BY g.created_at DESC, g.id DESC LIMIT ${FEED_LENGTH})
     UNION ALL
     (SELECT 'status', e.id::text, e.at, e.grievance_id, e.to_status, e.note
        FROM grievance_events e JOIN grievances g ON g.id = e.grievance_id
       WHERE e.kind = 'status' AND ${changes} ORDER BY e.at DESC LIMIT ${FEED_LENGTH})
     ORDER BY at DESC LIMIT ${FEED_LENGTH}`,
    params,
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.grievance_id))];
  const reportsById = new Map(
    (
      await db.query<{
        id: string;
        reference: string;
        title: string;
        description: string;
        category: string;
        location: string | null;
      }>(
        `SELECT g.id, g.reference, g.title, g.description, coalesce(c.name, g.category) AS category, g.location
           FROM grievances g LEFT JOIN categories c ON c.key = g.category WHERE g.id = ANY($1::uuid[])`,
        [ids],
      )
    ).rows.map((row) => [row.id, row]),
  );
  return rows.flatMap((row) => {
    const report = reportsById.get(row.grievance_id);
    if (!report) return [];
    return [
      {
        kind: row.kind,
        eventId: row.event_id,
        at: row.at,
        grievanceId: row.grievance_id,
        reference: report.reference,
        title: report.title,
        description: report.description,
        category: report.category,
        location: report.location,
        toStatus: row.to_status,
        note: row.note,
      },
    ];
  });
}
