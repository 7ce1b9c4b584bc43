import { STAFF_IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { Status } from "#shared/domain.ts";
import type {
  StaffEventKind,
  StaffGrievance,
  StaffGrievanceDetail,
  StaffQueueResponse,
  StaffTimelineEvent,
} from "#shared/staff/staff-api.ts";
import type { Channel, QueueSort, StaffQueueQuery } from "#shared/staff/staff-schemas.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { Database, Queryable } from "../db/database.ts";
import { findMarkers, type MarkerPage } from "../places/map-marker-repository.ts";
import { countCapped } from "../grievances/capped-count-repository.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";
import { allOf, columnsOf, filterConditions } from "../grievances/grievance-filter-repository.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { toGrievanceView } from "../grievances/public-grievance.ts";
import { findUpdatesForStaff } from "../tracking/reporter-update-repository.ts";
import { notificationsOf } from "../notifications/notification-repository.ts";
import { nextDueExpression, overdueExpression } from "../targets/overdue-sql.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { queueExtrasOf, type QueueExtras } from "./queue-extras-repository.ts";
import { internalNotesOf } from "./internal-note-repository.ts";
import { smsConversationOf } from "./staff-sms-repository.ts";
import { orderWithinView, viewConditions, type QueueViewer } from "./queue-view-repository.ts";

/** Read side of the console: the work queue and one report with its full timeline. Hidden reports included. */

interface StaffRow extends GrievanceRow {
  hidden_at: Date | null;
  hidden_reason: string | null;
  overdue: boolean;
  age_seconds: number;
  reopened_by_reporter_at: Date | null;
  team_id: string | null;
  team_name: string | null;
  assignee_id: string | null;
  assignee_email: string | null;
  channel: Channel;
  due_acknowledge_at: Date | null;
  due_resolve_at: Date | null;
  next_due_at: Date | null;
}

function columns(): string {
  return `${columnsOf("g.")}, g.hidden_at, g.hidden_reason, g.reopened_by_reporter_at,
    coalesce(${overdueExpression()}, false) AS overdue,
    CASE WHEN g.status <> 'resolved' THEN ${nextDueExpression()} END AS next_due_at,
    extract(epoch FROM now() - g.created_at)::float8 AS age_seconds,
    g.team_id, (SELECT t.name FROM teams t WHERE t.id = g.team_id) AS team_name,
    g.assignee_id, (SELECT a.email FROM staff_accounts a WHERE a.id = g.assignee_id) AS assignee_email,
    g.due_acknowledge_at`;
}

/** The queue's query and who a `view` ("mine", "my teams") is about: the signed-in staff member (queueViewerOf). */
export type QueueQuery = StaffQueueQuery & QueueViewer;
/** The queue's filters; a map query has them too, without paging or order. */
type QueueFilters = Omit<QueueQuery, "page" | "pageSize" | "cursor" | "sort">;

export function conditionsOf(query: QueueFilters, targets: OverdueTargets, params: unknown[]): string[] {
  const conditions = filterConditions(query, params, "g.");
  if (query.overdue !== undefined) {
    // Overdue by the due times (overdue-sql.ts); reports without any are never overdue.
    conditions.push(query.overdue ? overdueExpression() : `NOT coalesce(${overdueExpression()}, false)`);
  }
  if (query.hidden === "only") conditions.push("g.hidden_at IS NOT NULL");
  if (query.hidden === "exclude") conditions.push("g.hidden_at IS NULL");
  // "Reopened by reporter" (decision 015): few at a time, found through their partial index.
  if (query.reopened !== undefined) conditions.push(`g.reopened_by_reporter_at IS ${query.reopened ? "NOT " : ""}NULL`);
  // Someone besides the reporter said "I have this problem too" (decision 016): a range of grievances_affected_idx.
  if (query.affected !== undefined) conditions.push(`g.affected_count ${query.affected ? "> 0" : "= 0"}`);
  if (query.view) conditions.push(...viewConditions(query.view, query, params));
  return conditions;
}

/** The console's map: reports matching the queue's filters within the box, hidden ones included and marked. */
export async function findStaffMarkers(
  db: Database,
  bbox: Bbox,
  filters: QueueFilters,
  targets: OverdueTargets,
): Promise<MarkerPage> {
  const params: unknown[] = [];
  return findMarkers(db, bbox, allOf(conditionsOf(filters, targets, params)), params);
}

const isoOrNull = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function toStaffGrievance(row: StaffRow, targets: OverdueTargets, extras: QueueExtras): StaffGrievance {
  return {
    ...toGrievanceView(row, STAFF_IMAGE_URL_PREFIX),
    hidden: row.hidden_at !== null,
    hidden_at: row.hidden_at ? new Date(row.hidden_at).toISOString() : null,
    hidden_reason: row.hidden_reason,
    overdue: row.overdue,
    age_seconds: Math.max(0, Math.floor(row.age_seconds)),
    reopened_by_reporter_at: row.reopened_by_reporter_at ? new Date(row.reopened_by_reporter_at).toISOString() : null,
    // The resolve target it was given; its priority's default (OVERDUE_TARGETS) for a report without due times.
    target_seconds: row.due_resolve_at
      ? Math.round((new Date(row.due_resolve_at).getTime() - new Date(row.created_at).getTime()) / 1000)
      : Math.round(targets[row.priority] * 86_400),
    incident: extras.incidents.get(row.id) ?? null,
    new_reporter_updates: extras.newUpdates.get(row.id) ?? 0,
    team: row.team_id ? { id: row.team_id, name: row.team_name ?? "" } : null,
    assignee: row.assignee_id ? { id: row.assignee_id, email: row.assignee_email ?? "" } : null,
    channel: row.channel,
    dueAcknowledgeAt: isoOrNull(row.due_acknowledge_at),
    dueResolveAt: isoOrNull(row.due_resolve_at),
    nextDueAt: isoOrNull(row.next_due_at),
  };
}

/** Oldest open first: pending and in progress by age, then resolved ones, also oldest first (grievances_queue_idx). */
const OLDEST_OPEN_FIRST = "(g.status = 'resolved'), g.created_at, g.id";

/**
 * The orders the queue pages through index order, each with its own index (migrations/003 and 023), so a page
 * never sorts every report: open before resolved, then by age or by urgency. 'affected' is mostAffectedFirst's.
 */
export const QUEUE_ORDERS: Record<Exclude<QueueSort, "affected" | "time-left">, string> = {
  "oldest-open": OLDEST_OPEN_FIRST,
  newest: "(g.status = 'resolved'), g.created_at DESC, g.id DESC",
  priority: `(g.status = 'resolved'), (CASE g.priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2
    ELSE 3 END), g.created_at, g.id`,
};

const orderOf = (query: QueueQuery, order: string) => (query.view ? orderWithinView(order) : order);

/** Oldest open first (or most people affected first, `sort`): pending and in progress by age, then resolved ones. */
export async function listQueue(
  db: Queryable,
  query: QueueQuery,
  targets: OverdueTargets,
): Promise<StaffQueueResponse> {
  const countParams: unknown[] = [];
  const countConditions = conditionsOf(query, targets, countParams);
  const [rows, total, counted] = await Promise.all([
    query.sort === "affected"
      ? mostAffectedFirst(db, query, targets)
      : query.sort === "time-left"
        ? soonestDueFirst(db, query, targets)
        : queuePage(db, query, targets, [], orderOf(query, QUEUE_ORDERS[query.sort])),
    totalReports(db),
    // Nothing filtered: every report matches, and the total says how many.
    countConditions.length ? countCapped(db, `grievances g WHERE ${allOf(countConditions)}`, countParams) : undefined,
  ]);
  const { matching, matchingCapped } = counted ?? { matching: total, matchingCapped: false };
  const extras = await queueExtrasOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toStaffGrievance(row, targets, extras)),
    matching,
    matchingCapped,
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Rows `skip` to `skip + take` of the matching reports, in `order`, with `extra` conditions. */
async function queuePage(
  db: Queryable,
  query: QueueQuery,
  targets: OverdueTargets,
  extra: string[],
  order: string,
  skip = (query.page - 1) * query.pageSize,
  take = query.pageSize,
): Promise<StaffRow[]> {
  const params: unknown[] = [];
  const select = columns();
  const where = allOf([...conditionsOf(query, targets, params), ...extra]);
  const teams = query.view === "my-teams" ? (query.viewerTeams ?? []) : [];
  if (teams.length > 1) return eachTeamsPage(db, { select, where, order, skip, take, teams }, params);
  params.push(take, skip);
  const { rows } = await db.query<StaffRow>(
    `SELECT ${select} FROM grievances g WHERE ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/**
 * "My teams" of someone in several teams: the page's first rows of each team, each read in the order of its own
 * range of grievances_team_open_idx, then merged. One scan for all the teams would walk the queue in age order and
 * filter (queue-view-repository.ts), through every old report before the first open one.
 */
async function eachTeamsPage(
  db: Queryable,
  page: { select: string; where: string; order: string; skip: number; take: number; teams: string[] },
  params: unknown[],
): Promise<StaffRow[]> {
  params.push(page.teams, page.skip + page.take, page.take, page.skip);
  const n = params.length;
  const { rows } = await db.query<StaffRow>(
    `SELECT x.* FROM unnest($${n - 3}::uuid[]) AS mt (team_id) CROSS JOIN LATERAL (
       SELECT ${page.select} FROM grievances g WHERE ${page.where} AND g.team_id = mt.team_id
       ORDER BY ${page.order} LIMIT $${n - 2}) x
     ORDER BY ${page.order.replaceAll("g.", "x.")} LIMIT $${n - 1} OFFSET $${n}`,
    params,
  );
  return rows;
}

/**
 * sort=affected: the reports someone else is affected by, most first (then oldest open first), followed by all the
 * others in the default order. One ORDER BY affected_count DESC, ... over the whole table would sort every report
 * for each page; instead the affected ones, few, come from the range `affected_count > 0` of grievances_affected_idx
 * and are sorted, and the others (`affected_count = 0`) are walked in grievances_queue_idx's order, as the default
 * queue is. A page that straddles the two takes the end of the first and the start of the second.
 */
async function mostAffectedFirst(db: Queryable, query: QueueQuery, targets: OverdueTargets): Promise<StaffRow[]> {
  // Nobody affected: all in the default order.
  if (query.affected === false) return queuePage(db, query, targets, [], OLDEST_OPEN_FIRST);
  const skip = (query.page - 1) * query.pageSize;
  const params: unknown[] = [];
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM grievances g WHERE ${allOf([...conditionsOf(query, targets, params), "g.affected_count > 0"])}`,
    params,
  );
  const affected = rows[0]?.n ?? 0;
  const first =
    skip < affected
      ? await queuePage(db, query, targets, ["g.affected_count > 0"], `g.affected_count DESC, ${OLDEST_OPEN_FIRST}`)
      : [];
  const room = query.pageSize - first.length;
  if (room === 0 || query.affected === true) return first;
  const rest = await queuePage(
    db,
    query,
    targets,
    ["g.affected_count = 0"],
    OLDEST_OPEN_FIRST,
    Math.max(0, skip - affected),
    room,
  );
  return [...first, ...rest];
}

/**
 * sort=time-left: open reports by their next deadline, soonest (most overdue) first, then resolved ones oldest first.
 * Each part is read in its own index's order up to the page's end (grievances_time_left_idx, migration 031, for the
 * open ones; grievances_queue_idx for the resolved ones) and only those rows are merged, so no page sorts every
 * report. A part the filters rule out (overdue, a view, a status) is not read at all.
 */
async function soonestDueFirst(db: Queryable, query: QueueQuery, targets: OverdueTargets): Promise<StaffRow[]> {
  const params: unknown[] = [];
  const where = allOf(conditionsOf(query, targets, params));
  params.push(query.page * query.pageSize);
  const end = `$${params.length}`;
  const parts: string[] = [];
  if (query.status !== "resolved") {
    parts.push(`(SELECT ${columns()}, 0 AS part, ${nextDueExpression()} AS next_due FROM grievances g
      WHERE ${where} AND g.status <> 'resolved' ORDER BY ${nextDueExpression()}, g.id LIMIT ${end})`);
  }
  if (!query.overdue && !query.view && (query.status === undefined || query.status === "resolved")) {
    parts.push(`(SELECT ${columns()}, 1 AS part, NULL::timestamptz AS next_due FROM grievances g
      WHERE ${where} AND (g.status = 'resolved') ORDER BY (g.status = 'resolved'), g.created_at, g.id LIMIT ${end})`);
  }
  if (parts.length === 0) return [];
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<StaffRow>(
    `SELECT * FROM (${parts.join(" UNION ALL ")}) x ORDER BY part, next_due, created_at, id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/**
 * Every report, hidden ones included, without counting the public ones: they are in the trigger-kept tallies
 * (migrations/004); the few hidden ones are counted through their partial index (migrations/009).
 */
async function totalReports(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT ((SELECT coalesce(sum(n), 0) FROM grievance_tallies)
           + (SELECT count(*) FROM grievances WHERE hidden_at IS NOT NULL))::int AS n`,
  );
  return rows[0]?.n ?? 0;
}

export async function findStaffGrievance(
  db: Queryable,
  id: string,
  targets: OverdueTargets,
  smsDailyLimit?: number,
): Promise<StaffGrievanceDetail | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const params: unknown[] = [];
  const select = columns();
  params.push(id);
  const { rows } = await db.query<StaffRow>(
    `SELECT ${select} FROM grievances g WHERE g.id = $${params.length}`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  const [events, reporterUpdates, notifications, extras, internalNotes, sms] = await Promise.all([
    db.query<{
      id: string;
      kind: StaffEventKind;
      at: Date;
      from_status: Status | null;
      to_status: Status | null;
      note: string | null;
      actor: StaffTimelineEvent["actor"];
      staff_email: string | null;
      details: Record<string, unknown>;
    }>(
      // LEFT JOIN: the reporter's answers have no staff account (decision 015).
      `SELECT e.id::text, e.kind, e.at, e.from_status, e.to_status, e.note, e.actor, a.email AS staff_email, e.details
       FROM grievance_events e LEFT JOIN staff_accounts a ON a.id = e.staff_id
       WHERE e.grievance_id = $1 ORDER BY e.at, e.id`,
      [id],
    ),
    findUpdatesForStaff(db, id),
    // The e-mail queued about the report (decision 014): sent, pending or failed, recipients in full.
    notificationsOf(db, id),
    // The incident it is part of (decision 021), hidden reports' too, and the reporter's updates not yet acted on.
    queueExtrasOf(db, [id]),
    // Staff only (docs/decisions/032-internal-notes-stay-inside.md).
    internalNotesOf(db, id),
    smsConversationOf(db, id, row.user_phone, smsDailyLimit),
  ]);
  return {
    ...toStaffGrievance(row, targets, extras),
    timeline: events.rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      at: new Date(e.at).toISOString(),
      from: e.from_status,
      to: e.to_status,
      note: e.note,
      actor: e.actor,
      staff_email: e.staff_email,
      details: e.details,
    })),
    reporterUpdates,
    notifications,
    internalNotes,
    sms,
  };
}
