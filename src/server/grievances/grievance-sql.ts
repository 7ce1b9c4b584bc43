import type { GrievanceListFilters } from "../../shared/grievance-schema.ts";

/** SQL pieces shared by the public list and the staff queue, so both search and filter the same way. */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ILIKE treats %, _ and \ specially; a visitor searching "50%" means the characters. */
export function escapeLikeTerm(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The conditions of the list filters, with their values appended to `params`. `alias` qualifies the columns
 * ("g." in a query that names the table g). The search expression must stay exactly the one of
 * grievances_search_idx (migrations/001_grievances.sql), or the trigram index is not used.
 */
export function filterConditions(filters: GrievanceListFilters, params: unknown[], alias = ""): string[] {
  const conditions: string[] = [];
  const add = (sqlWithPlaceholder: (p: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sqlWithPlaceholder(`$${params.length}`));
  };
  const c = (column: string) => `${alias}${column}`;
  if (filters.q) {
    const searched = `(${c("title")} || ' ' || ${c("description")} || ' ' || coalesce(${c("location")}, ''))`;
    add((p) => `${searched} ILIKE ${p}`, `%${escapeLikeTerm(filters.q!)}%`);
  }
  if (filters.category) add((p) => `${c("category")} = ${p}`, filters.category);
  if (filters.status) add((p) => `${c("status")} = ${p}`, filters.status);
  if (filters.priority) add((p) => `${c("priority")} = ${p}`, filters.priority);
  return conditions;
}

export const allOf = (conditions: string[]): string => (conditions.length ? conditions.join(" AND ") : "true");
