import type { GrievanceListFilters } from "../../shared/grievance-schema.ts";
import { searchCondition } from "./search-query.ts";

/** SQL pieces shared by the public list and the staff queue, so both search and filter the same way. */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  return conditions;
}

export const allOf = (conditions: string[]): string => (conditions.length ? conditions.join(" AND ") : "true");
