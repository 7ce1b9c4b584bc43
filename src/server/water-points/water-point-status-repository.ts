import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";
import type { NotWorkingReport } from "./water-point-status.ts";

/**
 * The SQL side of a water point's status (water-point-status.ts, docs/decisions/039-water-point-status.md), for
 * queries over many points (the map's box): 'not-functional' while a public report of a category that means "not
 * working" is open on it, 'functional' once all of those are resolved, else its registry status. `alias` names the
 * water_points row. Each point costs one or two probes of grievances_water_point_idx, none when it has no reports.
 */
export function waterPointStatusSql(alias = "wp"): string {
  const notWorking = `SELECT 1 FROM grievances sg JOIN categories sc ON sc.key = sg.category AND sc.means_not_working
     WHERE sg.water_point_id = ${alias}.id AND sg.hidden_at IS NULL`;
  return `(CASE
    WHEN EXISTS (${notWorking} AND sg.status <> 'resolved') THEN 'not-functional'
    WHEN EXISTS (${notWorking}) THEN 'functional'
    WHEN ${alias}.status_id = 'yes' THEN 'functional'
    WHEN ${alias}.status_id = 'no' THEN 'not-functional'
    ELSE 'unknown' END)`;
}

interface HistoryRow {
  id: string;
  created_at: Date;
  status: Status;
  resolved_at: Date | null;
  at: Date | null;
  from_status: Status | null;
  to_status: Status | null;
}

/**
 * Every public report of a "not working" category on the point, with its status changes oldest first: what its
 * downtime is counted from. A point has few such reports; each one's changes come from grievance_events_grievance_idx.
 */
export async function readNotWorkingHistory(db: Queryable, waterPointId: string): Promise<NotWorkingReport[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT g.id, g.created_at, g.status, g.resolved_at, e.at, e.from_status, e.to_status
     FROM grievances g
     JOIN categories c ON c.key = g.category AND c.means_not_working
     LEFT JOIN grievance_events e ON e.grievance_id = g.id AND e.kind = 'status'
     WHERE g.water_point_id = $1 AND g.hidden_at IS NULL
     ORDER BY g.created_at, g.id, e.at, e.id`,
    [waterPointId],
  );
  const reports = new Map<string, NotWorkingReport & { changes: { at: Date; from: Status; to: Status }[] }>();
  for (const row of rows) {
    let report = reports.get(row.id);
    if (!report) {
      report = { createdAt: row.created_at, status: row.status, resolvedAt: row.resolved_at, changes: [] };
      reports.set(row.id, report);
    }
    if (row.at && row.from_status && row.to_status)
      report.changes.push({ at: row.at, from: row.from_status, to: row.to_status });
  }
  return [...reports.values()];
}
