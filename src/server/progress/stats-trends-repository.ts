import { PRIORITIES, type Category, type Priority } from "#shared/domain.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { listCategories } from "../categories/category-repository.ts";
import type { Queryable } from "../db/database.ts";
import { overdueExpression } from "../targets/overdue-sql.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";

type Trends = PublicStats["trends"];

/** Weeks in the charts, the current one included. */
export const TREND_WEEKS = 12;

/**
 * The clock and the first instant of the charts' window (Monday 00:00 UTC, eleven weeks before this week's). `$1` is
 * the clock the tests move, or null for the database's. Every query below reads only rows of this window, through
 * an index on their time, or the open reports, through one on their priority and age
 * (docs/decisions/027-statistics-charts.md); `npm run bench` measures them at a million reports.
 */
const CLOCK = `clock AS (
  SELECT c.now, (date_trunc('week', c.now AT TIME ZONE 'UTC') - interval '${TREND_WEEKS - 1} weeks') AT TIME ZONE 'UTC'
    AS since
  FROM (SELECT coalesce($1::timestamptz, now()) AS now) c)`;

/** The targets as a table, after `$1`: ($2 … $5) days for urgent, high, medium, low. */
const TARGETS = `targets (priority, days) AS (VALUES ${PRIORITIES.map((p, i) => `('${p}', $${i + 2}::float8)`).join(", ")})`;
const targetParams = (targets: OverdueTargets) => PRIORITIES.map((p) => targets[p]);

/**
 * The reports resolved now whose latest resolution fell in the window, read index only through
 * grievances_resolved_due_idx (migrations 025 and 031): a report resolved, reopened and not yet resolved again is not counted.
 */
const RESOLVED_IN_WINDOW = `g.hidden_at IS NULL AND g.resolved_at IS NOT NULL AND g.resolved_at >= clock.since
  AND g.resolved_at <= clock.now`;

/** The due time a report was given (migration 031), else its priority's default counted from its creation. */
const DUE_RESOLVE = "coalesce(g.due_resolve_at, g.created_at + t.days * interval '1 day')";

const seconds = (value: number | null) => (value === null ? null : Math.round(Number(value)));

export async function computeTrends(db: Queryable, targets: OverdueTargets, at: Date | null): Promise<Trends> {
  const clock = at?.toISOString() ?? null;
  const [weeks, overall, backlog, withinTarget, fixed, incidents, categories] = await Promise.all([
    weekRows(db, clock),
    db.query<{ p50: number | null; p90: number | null }>(
      `WITH ${CLOCK}
       SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM g.resolved_at - g.created_at)::float8) AS p50,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM g.resolved_at - g.created_at)::float8) AS p90
       FROM clock, grievances g
       WHERE ${RESOLVED_IN_WINDOW}`,
      [clock],
    ),
    backlogRows(db, targets, clock),
    db.query<{ priority: Priority | null; category: Category | null; resolved: number; within: number }>(
      `WITH ${CLOCK}, ${TARGETS}
       SELECT g.priority, g.category, count(*)::int AS resolved,
              count(*) FILTER (WHERE g.resolved_at <= ${DUE_RESOLVE})::int AS within
       FROM clock, grievances g JOIN targets t ON t.priority = g.priority
       WHERE ${RESOLVED_IN_WINDOW}
       GROUP BY GROUPING SETS ((g.priority), (g.category))`,
      [clock, ...targetParams(targets)],
    ),
    // "Yes" is an event of its own kind; "No, it is still a problem" the reporter's change away from resolved.
    db.query<{ yes: number; no: number }>(
      `WITH ${CLOCK}
       SELECT
         (SELECT count(*)::int FROM grievance_events e JOIN grievances g ON g.id = e.grievance_id AND g.hidden_at IS NULL
          WHERE e.kind = 'confirmed-fixed' AND e.at >= clock.since AND e.at <= clock.now) AS yes,
         (SELECT count(*)::int FROM grievance_events e JOIN grievances g ON g.id = e.grievance_id AND g.hidden_at IS NULL
          WHERE e.kind = 'status' AND e.actor = 'reporter' AND e.from_status = 'resolved'
            AND e.at >= clock.since AND e.at <= clock.now) AS no
       FROM clock`,
      [clock],
    ),
    incidentRows(db, clock),
    listCategories(db),
  ]);

  const byCategory = new Map(withinTarget.rows.filter((r) => r.category !== null).map((r) => [r.category, r]));
  const byPriority = new Map(withinTarget.rows.filter((r) => r.priority !== null).map((r) => [r.priority, r]));
  return {
    weeks,
    medianResolutionSeconds: seconds(overall.rows[0]?.p50 ?? null),
    p90ResolutionSeconds: seconds(overall.rows[0]?.p90 ?? null),
    backlog,
    withinTargetByPriority: [...PRIORITIES].reverse().map((priority) => {
      const row = byPriority.get(priority);
      return { priority, resolved: row?.resolved ?? 0, withinTarget: row?.within ?? 0 };
    }),
    // The active categories and a deactivated one while it has resolutions, in the administrators' order.
    withinTargetByCategory: categories
      .filter((c) => c.active || byCategory.has(c.key))
      .map((c) => {
        const row = byCategory.get(c.key);
        return { category: c.name, resolved: row?.resolved ?? 0, withinTarget: row?.within ?? 0 };
      }),
    fixedAnswers: { yes: fixed.rows[0]?.yes ?? 0, no: fixed.rows[0]?.no ?? 0 },
    incidents,
  };
}

/** Every week of the window, empty ones too: reports received, resolutions, reopenings, times to resolution. */
async function weekRows(db: Queryable, clock: string | null): Promise<Trends["weeks"]> {
  const { rows } = await db.query<{
    start: string;
    received: number;
    resolved: number;
    reopened: number;
    p50: number | null;
    p90: number | null;
  }>(
    `WITH ${CLOCK},
     weeks AS (
       SELECT generate_series(clock.since AT TIME ZONE 'UTC', clock.now AT TIME ZONE 'UTC', interval '1 week') AS start
       FROM clock),
     received AS (
       SELECT date_trunc('week', g.created_at AT TIME ZONE 'UTC') AS week, count(*)::int AS n
       FROM clock, grievances g
       WHERE g.hidden_at IS NULL AND g.created_at >= clock.since AND g.created_at <= clock.now
       GROUP BY 1),
     resolutions AS (
       SELECT date_trunc('week', g.resolved_at AT TIME ZONE 'UTC') AS week, count(*)::int AS n,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM g.resolved_at - g.created_at)::float8) AS p50,
         percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM g.resolved_at - g.created_at)::float8) AS p90
       FROM clock, grievances g
       WHERE ${RESOLVED_IN_WINDOW}
       GROUP BY 1),
     reopenings AS (
       SELECT date_trunc('week', e.at AT TIME ZONE 'UTC') AS week, count(*)::int AS n
       FROM clock, grievance_events e JOIN grievances g ON g.id = e.grievance_id AND g.hidden_at IS NULL
       WHERE e.kind = 'status' AND e.from_status = 'resolved' AND e.to_status <> 'resolved'
         AND e.at >= clock.since AND e.at <= clock.now
       GROUP BY 1)
     SELECT to_char(w.start, 'YYYY-MM-DD') AS start, coalesce(r.n, 0) AS received,
       coalesce(s.n, 0) AS resolved, coalesce(o.n, 0) AS reopened, s.p50, s.p90
     FROM weeks w LEFT JOIN received r ON r.week = w.start LEFT JOIN resolutions s ON s.week = w.start
       LEFT JOIN reopenings o ON o.week = w.start
     ORDER BY w.start`,
    [clock],
  );
  return rows.map((r) => ({
    start: r.start,
    received: r.received,
    resolved: r.resolved,
    reopened: r.reopened,
    medianResolutionSeconds: seconds(r.p50),
    p90ResolutionSeconds: seconds(r.p90),
  }));
}

/**
 * Open public reports of each priority against their due times, as the queue's "overdue" sees them (overdue-sql.ts):
 * within target, overdue, and past twice the time they were given to be resolved. Counted through
 * grievances_open_due_idx (migration 031), index only: the open reports are a small part of all.
 */
const OVERDUE = overdueExpression("g", "clock.now");
const TWICE = `g.created_at + 2 * (${DUE_RESOLVE} - g.created_at)`;

async function backlogRows(db: Queryable, targets: OverdueTargets, clock: string | null): Promise<Trends["backlog"]> {
  const { rows } = await db.query<{ priority: Priority; within: number; over: number; twice: number }>(
    `WITH ${CLOCK}, ${TARGETS}
     SELECT t.priority,
       count(*) FILTER (WHERE NOT coalesce(${OVERDUE}, false))::int AS within,
       count(*) FILTER (WHERE ${OVERDUE} AND clock.now < ${TWICE})::int AS over,
       count(*) FILTER (WHERE ${OVERDUE} AND clock.now >= ${TWICE})::int AS twice
     FROM clock, targets t JOIN grievances g ON g.priority = t.priority
       AND g.status <> 'resolved' AND g.hidden_at IS NULL
     WHERE g.created_at <= clock.now
     GROUP BY t.priority`,
    [clock, ...targetParams(targets)],
  );
  const found = new Map(rows.map((r) => [r.priority, r]));
  return [...PRIORITIES].reverse().map((priority) => {
    const row = found.get(priority);
    return {
      priority,
      targetDays: targets[priority],
      withinTarget: row?.within ?? 0,
      overTarget: row?.over ?? 0,
      overTwiceTarget: row?.twice ?? 0,
    };
  });
}

/** The incidents declared in the window and any still active, newest first: few, so no index is needed. */
async function incidentRows(db: Queryable, clock: string | null): Promise<Trends["incidents"]> {
  const { rows } = await db.query<{
    id: string;
    title: string;
    declared_at: Date;
    active: boolean;
    hours: number;
    minutes: number | null;
  }>(
    `WITH ${CLOCK}
     SELECT i.id, i.title, i.declared_at, i.closed_at IS NULL AS active,
       greatest(0, extract(epoch FROM coalesce(i.closed_at, clock.now) - i.starts_at)::float8 / 3600) AS hours,
       (SELECT extract(epoch FROM i.declared_at - min(g.created_at))::float8 / 60
        FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id AND g.hidden_at IS NULL
        WHERE r.incident_id = i.id
        HAVING min(g.created_at) < i.declared_at) AS minutes
     FROM clock, incidents i
     WHERE i.declared_at <= clock.now AND (i.declared_at >= clock.since OR i.closed_at IS NULL)
     ORDER BY i.declared_at DESC, i.id
     LIMIT 20`,
    [clock],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    declaredAt: new Date(r.declared_at).toISOString(),
    active: r.active,
    durationHours: Math.round(Number(r.hours) * 10) / 10,
    minutesFromFirstReport: r.minutes === null ? null : Math.round(Number(r.minutes)),
  }));
}

/** A grid cell of about 500 m north to south. */
export const HOTSPOT_CELL_DEGREES = 0.005;
const HOTSPOT_CELLS = 500;

/**
 * Pinned public reports of the window per grid cell, the busiest first; read index-only through
 * grievances_recent_pins_idx, which carries the coordinates.
 */
export async function computeHotspots(db: Queryable, at: Date | null): Promise<PublicHotspots> {
  const { rows } = await db.query<{ lat: number; lng: number; n: number }>(
    `WITH ${CLOCK}
     SELECT floor(g.latitude / $2::float8) AS lat, floor(g.longitude / $2::float8) AS lng, count(*)::int AS n
     FROM clock, grievances g
     WHERE g.hidden_at IS NULL AND g.position IS NOT NULL AND g.created_at >= clock.since AND g.created_at <= clock.now
     GROUP BY 1, 2 ORDER BY n DESC, lat, lng LIMIT ${HOTSPOT_CELLS}`,
    [at?.toISOString() ?? null, HOTSPOT_CELL_DEGREES],
  );
  const corner = (cell: number) => Math.round(Number(cell) * HOTSPOT_CELL_DEGREES * 1e6) / 1e6;
  return {
    cellDegrees: HOTSPOT_CELL_DEGREES,
    cells: rows.map((r) => ({ latitude: corner(r.lat), longitude: corner(r.lng), count: r.n })),
  };
}

export interface PublicHotspots {
  cellDegrees: number;
  cells: Array<{ latitude: number; longitude: number; count: number }>;
}
