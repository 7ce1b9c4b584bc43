import type { TeamWorkRow } from "#shared/api-schemas/team-work.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The managers' per-team figures (docs/decisions/031-technician-links.md). One pass over the open reports (the
 * open-work indexes of migration 027) and the window's resolved ones (grievances_team_resolved_idx, migration 033),
 * grouped by team; hidden reports count too: they are work all the same. `now` is the portal's clock.
 */

interface Row {
  id: string | null;
  name: string | null;
  kind: string | null;
  active: boolean | null;
  open: number;
  overdue: number;
  resolved: number;
  resolved_with_target: number;
  within_target: number;
}

export async function teamWorkOf(db: Queryable, now: Date, days: number): Promise<TeamWorkRow[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const { rows } = await db.query<Row>(
    `WITH work AS (
       SELECT g.team_id,
         count(*) FILTER (WHERE g.status <> 'resolved')::int AS open,
         count(*) FILTER (WHERE g.status <> 'resolved' AND (g.due_resolve_at <= $1
           OR (g.first_response_at IS NULL AND g.due_acknowledge_at <= $1)))::int AS overdue,
         count(*) FILTER (WHERE g.status = 'resolved')::int AS resolved,
         count(*) FILTER (WHERE g.status = 'resolved' AND g.due_resolve_at IS NOT NULL)::int AS resolved_with_target,
         count(*) FILTER (WHERE g.status = 'resolved' AND g.resolved_at <= g.due_resolve_at)::int AS within_target
       FROM grievances g
       WHERE g.status <> 'resolved' OR (g.resolved_at >= $2 AND g.resolved_at <= $1)
       GROUP BY g.team_id)
     SELECT t.id, t.name, t.kind, t.active, coalesce(w.open, 0) AS open, coalesce(w.overdue, 0) AS overdue,
            coalesce(w.resolved, 0) AS resolved, coalesce(w.resolved_with_target, 0) AS resolved_with_target,
            coalesce(w.within_target, 0) AS within_target
     FROM teams t FULL JOIN work w ON w.team_id = t.id
     WHERE t.active OR w.open IS NOT NULL
     ORDER BY t.id IS NULL, lower(t.name)`,
    [now, since],
  );
  return rows.map((row) => ({
    team: row.id ? { id: row.id, name: row.name!, kind: row.kind!, active: row.active! } : null,
    open: row.open,
    overdue: row.overdue,
    resolved: row.resolved,
    resolvedWithTarget: row.resolved_with_target,
    withinTarget: row.within_target,
    withinTargetShare: row.resolved_with_target > 0 ? row.within_target / row.resolved_with_target : null,
  }));
}
