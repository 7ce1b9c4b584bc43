import type { Bbox } from "#shared/places/geo.ts";
import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import { searchCondition } from "./search-query.ts";

/** SQL pieces shared by the public list and the staff queue, so both search and filter the same way. */

/**
 * The conditions of the list filters, with their values appended to `params`. `alias` qualifies the columns
 * ("g." in a query that names the table g). The search matches words through the GIN index on search_vector
 * (search-query.ts).
 */
export function filterConditions(filters: GrievanceListFilters, params: unknown[], alias = ""): string[] {
  const conditions: string[] = [];
  const add = (sqlWithPlaceholder: (p: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sqlWithPlaceholder(`$${params.length}`));
  };
  const c = (column: string) => `${alias}${column}`;
  if (filters.q) conditions.push(searchCondition(c("search_vector"), filters.q, params));
  if (filters.category) add((p) => `${c("category")} = ${p}`, filters.category);
  if (filters.status) add((p) => `${c("status")} = ${p}`, filters.status);
  if (filters.priority) add((p) => `${c("priority")} = ${p}`, filters.priority);
  if (filters.bbox) conditions.push(positionWithin(filters.bbox, params, alias));
  return conditions;
}

/**
 * The pin inside the box, through the GiST index on `position` (migrations/013). `point` is (x, y), so longitude
 * first, like the bbox.
 */
export function positionWithin(bbox: Bbox, params: unknown[], alias = ""): string {
  params.push(bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat);
  const [a, b, c, d] = [params.length - 3, params.length - 2, params.length - 1, params.length].map(
    (n) => `$${n}::float8`,
  );
  return `${alias}position <@ box(point(${a}, ${b}), point(${c}, ${d}))`;
}

/**
 * A report's category as people read it: the stored key (which never changes) turned into the category's current
 * name, so that a renamed category shows its new name on old reports too (migration 016). A primary-key lookup in
 * a table of a few rows, made only for the rows an answer returns.
 */
export const categoryNameOf = (column: string): string => `(SELECT c.name FROM categories c WHERE c.key = ${column})`;

export const allOf = (conditions: string[]): string => (conditions.length ? conditions.join(" AND ") : "true");

/** The columns of a GrievanceRow; never tracking_token_hash, which no answer carries. */
export const COLUMNS = columnsOf("");

/** The columns of a GrievanceRow (the category by its current name), qualified by `alias` ("g.") in a query that names the table. */
export function columnsOf(alias: string): string {
  return `${alias}id, ${alias}reference, ${alias}title, ${alias}description, ${alias}location,
    ${categoryNameOf(`${alias}category`)} AS category,
    ${alias}priority, ${alias}status, ${alias}user_email, ${alias}user_phone, ${alias}images, ${alias}created_at,
    ${alias}latitude::float8 AS latitude, ${alias}longitude::float8 AS longitude, ${alias}affected_count,
    ${alias}due_resolve_at, ${alias}channel`;
}
