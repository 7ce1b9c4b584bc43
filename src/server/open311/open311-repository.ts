import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";

/** What Open311 reads and writes of the portal's reports: public reports only, never a contact detail. */

export interface RequestFilter {
  /** References (`service_request_id`); when given, the other filters are not applied, as the standard says. */
  references?: string[] | undefined;
  /** Any of these categories (the standard's comma list of service_code); all when absent. */
  categoryKeys?: string[] | undefined;
  start: Date;
  end: Date;
  /** Any of these statuses (the portal's, from `status=open,closed`); all when absent. */
  statuses?: Status[] | undefined;
  page: number;
  pageSize: number;
}

export interface RequestRow {
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: string;
  status: Status;
  images: StoredImage[];
  created_at: Date;
  latitude: number | null;
  longitude: number | null;
  updated_at: Date | null;
  status_notes: string | null;
  /** Its service target's due time to resolve (migration 031). */
  due_resolve_at: Date | null;
  /** The code of the water point it is about (migrations/036), Open311's `address_id`; null when none. */
  water_point_code: string | null;
}

// The latest status change dates the update, and the latest public note of a status change is `status_notes`;
// both come from grievance_events' (grievance_id, at, id) index.
const SELECT = `
  SELECT g.reference, g.title, g.description, g.location, g.category, g.status, g.images, g.created_at, g.due_resolve_at,
         g.latitude::float8 AS latitude, g.longitude::float8 AS longitude,
         (SELECT w.code FROM water_points w WHERE w.id = g.water_point_id) AS water_point_code,
         (SELECT max(e.at) FROM grievance_events e WHERE e.grievance_id = g.id AND e.kind = 'status') AS updated_at,
         (SELECT e.note FROM grievance_events e
           WHERE e.grievance_id = g.id AND e.kind = 'status' AND e.note IS NOT NULL
           ORDER BY e.at DESC, e.id DESC LIMIT 1) AS status_notes
  FROM grievances g`;

/** One page of requests, newest first, through the date index (or the status/category ones) at any size. */
export async function findRequests(db: Queryable, filter: RequestFilter): Promise<RequestRow[]> {
  const where = ["g.hidden_at IS NULL"];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.references) {
    where.push(`g.reference = ANY(${param(filter.references)}::text[])`);
  } else {
    where.push(`g.created_at >= ${param(filter.start)}`, `g.created_at <= ${param(filter.end)}`);
    if (filter.categoryKeys?.length === 1) where.push(`g.category = ${param(filter.categoryKeys[0])}`);
    else if (filter.categoryKeys) where.push(`g.category = ANY(${param(filter.categoryKeys)}::text[])`);
    if (filter.statuses) where.push(`g.status = ANY(${param(filter.statuses)}::text[])`);
  }
  const { rows } = await db.query<RequestRow>(
    `${SELECT} WHERE ${where.join(" AND ")} ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${param(filter.pageSize)} OFFSET ${param((filter.page - 1) * filter.pageSize)}`,
    params,
  );
  return rows;
}

export async function findRequest(db: Queryable, reference: string): Promise<RequestRow | undefined> {
  const { rows } = await db.query<RequestRow>(`${SELECT} WHERE g.reference = $1 AND g.hidden_at IS NULL`, [reference]);
  return rows[0];
}

/** The id of the visible report with this reference, if any. */
export async function findVisibleGrievanceId(db: Queryable, reference: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM grievances WHERE reference = $1 AND hidden_at IS NULL",
    [reference],
  );
  return rows[0]?.id;
}

/** Records which API key sent a report, in the transaction that stores it. */
export async function markSentWithApiKey(tx: Queryable, grievanceId: string, apiKeyId: string): Promise<void> {
  await tx.query("UPDATE grievances SET api_key_id = $1 WHERE id = $2", [apiKeyId, grievanceId]);
}

export interface StatusUpdateRow {
  update_id: string;
  reference: string;
  from_status: Status;
  to_status: Status;
  note: string | null;
  at: Date;
}

/**
 * The status changes between `start` and `end` (both included), oldest first; at most `limit` rows, so the
 * caller can tell a window that holds more. Through grievance_events' partial index on (at) WHERE kind = 'status'
 * (migration 003), then each report by its key: the cost follows the window's changes, not the table's size.
 */
export async function findStatusUpdates(
  db: Queryable,
  window: { start: Date; end: Date; limit: number },
): Promise<StatusUpdateRow[]> {
  const { rows } = await db.query<StatusUpdateRow>(
    `SELECT e.id::text AS update_id, g.reference, e.from_status, e.to_status, e.note, e.at
     FROM grievance_events e JOIN grievances g ON g.id = e.grievance_id
     WHERE e.kind = 'status' AND e.at >= $1 AND e.at <= $2 AND g.hidden_at IS NULL
     ORDER BY e.at, e.id
     LIMIT $3`,
    [window.start, window.end, window.limit],
  );
  return rows;
}
