import { STATUSES, type Category, type Status } from "#shared/domain.ts";
import type { PublicStats, StatsWindow } from "#shared/staff/staff-api.ts";
import { listCategories } from "../categories/category-repository.ts";
import type { Queryable } from "../db/database.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { computeTrends } from "./stats-trends-repository.ts";

export const STATS_WINDOWS_DAYS = [30, 90] as const;

/**
 * Public statistics, computed in SQL from the grievance events; hidden reports are left out of everything.
 * - First response: report time -> its first status change. Counted in a window when that change happened in it.
 * - Resolution: report time -> its latest change to resolved, for reports resolved now (a reopened report is not
 *   resolved). Counted in a window when that resolution happened in it. Windowing by when the work happened
 *   (not by when reported) means a slow report still counts as soon as it is answered, instead of being left out.
 */
export async function computeStats(
  db: Queryable,
  targets: OverdueTargets,
  at: Date | null = null,
): Promise<PublicStats> {
  const clock = at?.toISOString() ?? null;
  const windowSql = STATS_WINDOWS_DAYS.map((d) => `(${d})`).join(", ");
  const [categories, groups, windows, incidents, trends] = await Promise.all([
    listCategories(db),
    // From the tallies the triggers keep (docs/decisions/006-counts-from-tallies.md): at most 84 rows.
    db.query<{ status: Status; category: Category; n: number }>(
      `SELECT status, category, sum(n)::int AS n FROM grievance_tallies GROUP BY status, category`,
    ),
    // Each side reads one index of the reports, index only: their first answer and their latest resolution, kept
    // on each report by a trigger on its status events (migration 025).
    db.query<{
      days: number;
      median_first: number | null;
      first_count: number;
      median_resolution: number | null;
      resolution_count: number;
    }>(
      `WITH clock AS (SELECT coalesce($1::timestamptz, now()) AS now),
       w AS (SELECT days, clock.now - days * interval '1 day' AS since, clock.now FROM clock, (VALUES ${windowSql}) v(days))
       SELECT w.days, f.median AS median_first, f.n AS first_count, r.median AS median_resolution, r.n AS resolution_count
       FROM w
       CROSS JOIN LATERAL (
         SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM g.first_response_at - g.created_at)::float8)
           AS median, count(*)::int AS n
         FROM grievances g
         WHERE g.hidden_at IS NULL AND g.first_response_at IS NOT NULL
           AND g.first_response_at > w.since AND g.first_response_at <= w.now) f
       CROSS JOIN LATERAL (
         SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM g.resolved_at - g.created_at)::float8)
           AS median, count(*)::int AS n
         FROM grievances g
         WHERE g.hidden_at IS NULL AND g.resolved_at IS NOT NULL AND g.resolved_at > w.since AND g.resolved_at <= w.now) r
       ORDER BY w.days`,
      [clock],
    ),
    computeIncidentStats(db),
    computeTrends(db, targets, at),
  ]);

  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  // By each category's current name, in the administrators' order: the active ones, and a deactivated one while
  // reports of it exist (a category is never deleted, so every stored key is found).
  const counts = new Map<Category, number>();
  let total = 0;
  for (const { status, category, n } of groups.rows) {
    byStatus[status] += n;
    counts.set(category, (counts.get(category) ?? 0) + n);
    total += n;
  }
  const byCategory: Record<string, number> = {};
  for (const category of categories) {
    if (category.active || counts.has(category.key)) byCategory[category.name] = counts.get(category.key) ?? 0;
  }
  // Open and overdue from the backlog against the due times, so that the figures, the chart and the queue agree.
  const open = trends.backlog.reduce((sum, b) => sum + b.withinTarget + b.overTarget + b.overTwiceTarget, 0);
  const overdueOpen = trends.backlog.reduce((sum, b) => sum + b.overTarget + b.overTwiceTarget, 0);
  const round = (seconds: number | null) => (seconds === null ? null : Math.round(Number(seconds)));
  return {
    generatedAt: (at ?? new Date()).toISOString(),
    total,
    byStatus,
    byCategory,
    windows: windows.rows.map((w): StatsWindow => ({
      days: Number(w.days),
      medianFirstResponseSeconds: round(w.median_first),
      firstResponses: w.first_count,
      medianResolutionSeconds: round(w.median_resolution),
      resolutions: w.resolution_count,
    })),
    open,
    overdueOpen,
    overdueShare: open === 0 ? null : overdueOpen / open,
    overdueTargetDays: { ...targets },
    incidents,
    trends,
  };
}

/**
 * Water incidents: how many were declared and are active; of closed ones, the median hours from their
 * start to their closure; linked public reports per incident, on average over all incidents; and, over incidents
 * whose first linked public report came before their declaration, the median minutes between the two: how long
 * the utility took to recognise an incident from what residents reported.
 */
async function computeIncidentStats(db: Queryable): Promise<PublicStats["incidents"]> {
  const { rows } = await db.query<{
    declared: number;
    active: number;
    median_duration_hours: number | null;
    linked_reports: number;
    median_minutes_to_declaration: number | null;
  }>(
    `WITH linked AS (
       SELECT r.incident_id, count(*) AS reports, min(g.created_at) AS first_report
       FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id AND g.hidden_at IS NULL
       GROUP BY r.incident_id)
     SELECT count(*)::int AS declared,
       count(*) FILTER (WHERE i.closed_at IS NULL)::int AS active,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.closed_at - i.starts_at)::float8 / 3600)
         FILTER (WHERE i.closed_at IS NOT NULL) AS median_duration_hours,
       coalesce(sum(l.reports), 0)::int AS linked_reports,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.declared_at - l.first_report)::float8 / 60)
         FILTER (WHERE l.first_report < i.declared_at) AS median_minutes_to_declaration
     FROM incidents i LEFT JOIN linked l ON l.incident_id = i.id`,
  );
  const row = rows[0] ?? {
    declared: 0,
    active: 0,
    median_duration_hours: null,
    linked_reports: 0,
    median_minutes_to_declaration: null,
  };
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  return {
    declared: row.declared,
    active: row.active,
    medianDurationHours: row.median_duration_hours === null ? null : oneDecimal(Number(row.median_duration_hours)),
    reportsPerIncident: row.declared === 0 ? null : oneDecimal(row.linked_reports / row.declared),
    medianMinutesFromFirstReportToDeclaration:
      row.median_minutes_to_declaration === null ? null : Math.round(Number(row.median_minutes_to_declaration)),
  };
}
