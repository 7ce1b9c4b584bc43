import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import type { Queryable } from "../db/database.ts";
import { COLUMNS } from "./grievance-filter-repository.ts";
import {
  PUBLIC_ONLY,
  whereClauseOf,
  windowOf,
  type ListedRow,
  type PageRequest,
  type PageWindow,
} from "./grievance-page-repository.ts";
import { SORT_AT_SQL } from "./list-cursor.ts";

/**
 * A page of a word in a few thousand reports, read from the newest stretch of the list that should hold it
 * (docs/decisions/044-a-word-read-from-a-recent-stretch.md). Walking the date index to the page tests every row
 * it passes, each fetched from the table: 7,000 rows for the first page of a word in 0.3 % of a million reports.
 * Reading all its matches through the GIN index and sorting them fetches 3,000. Here PostgreSQL ANDs the word's
 * matches in the GIN index with the stretch of the date index since `since` (a bitmap of each, no row read), and
 * fetches only the matches inside the stretch, a few dozen, to sort them.
 *
 * The stretch holds every match newer than `since`, so when it holds at least the rows up to the page's end and one
 * more, the page is the one the whole list would give. Otherwise (the statistics were wrong about the word or the
 * dates) the answer is undefined, and the caller walks.
 */
export async function pageSince(
  db: Queryable,
  filters: GrievanceListFilters,
  request: PageRequest,
  since: string,
): Promise<PageWindow | undefined> {
  const { cursor, page, pageSize } = request;
  // Backwards from a cursor the page lies on the newer side, outside the stretch.
  if (cursor?.direction === "before") return undefined;
  const params: unknown[] = [];
  const where = whereClauseOf(filters, params);
  params.push(since);
  let stretch = `created_at >= $${params.length}::timestamptz`;
  if (cursor) {
    params.push(cursor.at, cursor.id);
    stretch += ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
  }
  const offset = cursor ? 0 : (page - 1) * pageSize;
  params.push(pageSize + 1, offset);
  const [pageResult, behindResult] = await Promise.all([
    db.query<ListedRow & { inside: number }>(
      `WITH matches AS MATERIALIZED (
         SELECT id, created_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} AND ${stretch}
       ), on_page AS (
         SELECT id FROM matches ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}
       )
       SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at, counted.inside
       FROM (SELECT count(*)::int AS inside FROM matches) AS counted
       LEFT JOIN (on_page JOIN grievances USING (id)) ON true
       ORDER BY created_at DESC, id DESC`,
      params,
    ),
    cursor ? behindCursor(db, filters, cursor) : Promise.resolve(page > 1),
  ]);
  const inside = pageResult.rows[0]?.inside ?? 0;
  if (inside < offset + pageSize + 1) return undefined;
  // Without a match on the page, the one row carries the count alone.
  const fetched = pageResult.rows.filter((row) => row.id !== null).map(({ inside: _inside, ...row }) => row);
  return windowOf(fetched, pageSize, true, behindResult);
}

/** Whether a match lies at the cursor's place or before it (the page before this one exists). */
async function behindCursor(
  db: Queryable,
  filters: GrievanceListFilters,
  cursor: NonNullable<PageRequest["cursor"]>,
): Promise<boolean> {
  const params: unknown[] = [];
  const where = whereClauseOf(filters, params);
  params.push(cursor.at, cursor.id);
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM grievances WHERE ${PUBLIC_ONLY} AND ${where}
       AND (created_at, id) >= ($${params.length - 1}::timestamptz, $${params.length}::uuid)) AS found`,
    params,
  );
  return rows[0]?.found === true;
}
