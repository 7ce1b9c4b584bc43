import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import type { Queryable } from "../db/database.ts";
import type { MatchingCount } from "./capped-count-repository.ts";
import { allOf, COLUMNS, filterConditions } from "./grievance-filter-repository.ts";
import type { GrievanceRow } from "./grievance-row.ts";
import { SORT_AT_SQL, type ListCursor, type SortKey } from "./list-cursor.ts";

/**
 * Reading one page of the public list (grievance-repository.ts decides which way, by what the filters ask): by
 * walking the date index from a page number or a cursor, or, for few matches, all of them at once.
 */

export interface GrievancePage extends MatchingCount {
  rows: GrievanceRow[];
  total: number;
  /** The last row's place when older rows follow it (the next page's cursor), else null. */
  older: SortKey | null;
  /** The first row's place when newer rows precede it (the previous page's cursor), else null. */
  newer: SortKey | null;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** A keyset position: the page is found from it through the index, and `page` is not used. */
  cursor?: ListCursor | undefined;
}

export type PageWindow = Pick<GrievancePage, "rows" | "older" | "newer">;

export interface ListedRow extends GrievanceRow {
  sort_at: string;
}

// Reports hidden by staff (migrations/003_grievance_events.sql) never appear in a public answer or count.
export const PUBLIC_ONLY = "hidden_at IS NULL";

export const whereClauseOf = (filters: GrievanceListFilters, params: unknown[]) =>
  allOf(filterConditions(filters, params));

const NEWEST_FIRST = "ORDER BY created_at DESC, id DESC";

const keyOf = (row: ListedRow | undefined): SortKey | null => (row ? { at: row.sort_at, id: row.id } : null);

// The extra column would otherwise travel on as part of the row.
const withoutSortKey = ({ sort_at: _sortAt, ...row }: ListedRow): GrievanceRow => row;

/**
 * An area (`bbox`, no word) with at most this many reports is read whole, index-only, and sorted; one with more is
 * counted up to the cap and its page found by walking the date index (docs/decisions/016-map-and-location.md).
 */
const FEW_MATCHES = 2_000;

/** Where a page sits: the rows it shows, and whether more rows follow it or precede it. */
export function windowOf(fetched: ListedRow[], pageSize: number, forward: boolean, behindExists: boolean): PageWindow {
  const more = fetched.length > pageSize;
  const shown = fetched.slice(0, pageSize);
  if (!forward) shown.reverse();
  const first = keyOf(shown[0]);
  const last = keyOf(shown.at(-1));
  return {
    rows: shown.map(withoutSortKey),
    older: (forward ? more : behindExists) ? last : null,
    newer: (forward ? behindExists : more) ? first : null,
  };
}

/** A page found by walking the date index: by offset for a page number, from the place a cursor names. */
export function walk(db: Queryable, filters: GrievanceListFilters, request: PageRequest): Promise<PageWindow> {
  return request.cursor ? pageFrom(filters, request.cursor, request.pageSize, db) : pageAt(filters, request, db);
}

/**
 * The page and the exact count of a search or an area with at most `limit` matches, in one query: the matches (id
 * and date only) are found first, through the GIN index (or the area's GiST index), kept (MATERIALIZED, so
 * PostgreSQL cannot turn this into a walk of the date index), counted, sorted for the page, and joined to their
 * rows. Undefined when there are more.
 */
export async function fewMatches(
  db: Queryable,
  filters: GrievanceListFilters,
  request: PageRequest,
  limit = FEW_MATCHES,
): Promise<(PageWindow & MatchingCount) | undefined> {
  const { cursor, page, pageSize } = request;
  const params: unknown[] = [];
  const where = whereClauseOf(filters, params);
  const forward = cursor?.direction !== "before";
  let onPage = "true";
  let behind = `${page > 1}`;
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const place = `($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    onPage = `(created_at, id) ${forward ? "<" : ">"} ${place}`;
    behind = `EXISTS (SELECT 1 FROM matches WHERE (created_at, id) ${forward ? ">=" : "<="} ${place})`;
  }
  const order = forward ? "DESC" : "ASC";
  params.push(pageSize + 1, cursor ? 0 : (page - 1) * pageSize);
  const { rows } = await db.query<ListedRow & { matching: number; behind: boolean }>(
    `WITH matches AS MATERIALIZED (
       SELECT id, created_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} LIMIT ${limit + 1}
     ), on_page AS (
       SELECT id FROM matches WHERE ${onPage}
       ORDER BY created_at ${order}, id ${order} LIMIT $${params.length - 1} OFFSET $${params.length}
     )
     SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at, counted.matching, counted.behind
     FROM (SELECT (SELECT count(*) FROM matches)::int AS matching, ${behind} AS behind) AS counted
     LEFT JOIN (on_page JOIN grievances USING (id)) ON true
     ORDER BY created_at ${order}, id ${order}`,
    params,
  );
  const { matching = 0, behind: behindExists = false } = rows[0] ?? {};
  if (matching > limit) return undefined;
  // Without a row on the page, the one row carries the counts alone.
  const fetched = rows.filter((row) => row.id !== null).map(({ matching: _m, behind: _b, ...row }) => row);
  return { ...windowOf(fetched, pageSize, forward, behindExists), matching, matchingCapped: false };
}

/**
 * Page `page` by offset; one row more than the page tells whether another follows. Without a word or an area, the
 * rows are chosen by their keys alone and only those shown are read: the skipped ones come index-only from
 * grievances_public_created_idx (migrations/019), which carries the filters' columns, so page 500 passes 6,500
 * index entries instead of fetching 6,500 rows from the table. A word or an area is tested on the row itself
 * (and the area's walk runs with sorting off, under which a join would be planned as a walk of the whole table),
 * so those pages are read as they are walked.
 */
async function pageAt(
  filters: GrievanceListFilters,
  { page, pageSize }: PageRequest,
  db: Queryable,
): Promise<PageWindow> {
  const params: unknown[] = [];
  const where = whereClauseOf(filters, params);
  params.push(pageSize + 1, (page - 1) * pageSize);
  const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  const byKeys = !filters.q && !filters.bbox;
  const { rows } = await db.query<ListedRow>(
    byKeys
      ? `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at
         FROM (SELECT id FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} ${NEWEST_FIRST} ${limit}) AS on_page
         JOIN grievances USING (id)
         ${NEWEST_FIRST}`
      : `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} ${NEWEST_FIRST} ${limit}`,
    params,
  );
  // Past page 1, the skipped rows are newer ones.
  return windowOf(rows, pageSize, true, page > 1);
}

/**
 * The page beside a cursor: (created_at, id) compared as a row uses the (…, created_at DESC, id DESC) indexes, so
 * page 500 costs what page 1 costs. Backwards, the rows are read oldest first from the cursor and turned round.
 * One row more than the page tells whether the list goes on that way; whether it goes on the other way (from the
 * cursor's own place) is asked separately, since the cursor's row may have gone or been hidden since.
 */
async function pageFrom(
  filters: GrievanceListFilters,
  cursor: ListCursor,
  pageSize: number,
  db: Queryable,
): Promise<PageWindow> {
  const params: unknown[] = [];
  const where = whereClauseOf(filters, params);
  params.push(cursor.at, cursor.id);
  const place = `($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
  const forward = cursor.direction === "after";
  const [ahead, behind] = forward ? ["<", ">="] : [">", "<="];
  const [pageResult, behindResult] = await Promise.all([
    db.query<ListedRow>(
      `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances
       WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${ahead} ${place}
       ${forward ? NEWEST_FIRST : "ORDER BY created_at, id"} LIMIT $${params.length + 1}`,
      [...params, pageSize + 1],
    ),
    db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${behind} ${place}) AS found`,
      params,
    ),
  ]);
  return windowOf(pageResult.rows, pageSize, forward, behindResult.rows[0]?.found === true);
}
