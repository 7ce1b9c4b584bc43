import { formatBbox, type Bbox } from "#shared/places/coordinates.ts";

/** A value of a query: blank, null and undefined are left out; a visible area is written as the API reads it. */
export type QueryValue = string | number | boolean | Bbox | null | undefined;

/**
 * The browser's one way of writing a query string (docs/project-structure.md): "?a=1&b=x", or "" when nothing is
 * set, so `${path}${searchOf(query)}` is always a clean address.
 */
export function searchOf(query: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === "object" ? formatBbox(value) : String(value);
    if (text.trim() !== "") params.set(key, text);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Where the results of another filter or view start: page 1, no cursor. */
const PAGE_KEYS = ["page", "cursor"] as const;

/**
 * The page's query with some keys changed (null removes one) and, unless told otherwise, back to the first page:
 * how every filter, the List / Map switch and the console's extra filters write the address.
 */
export function changedQuery(
  current: URLSearchParams,
  changes: Readonly<Record<string, string | null>>,
  { backToFirstPage = true } = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  if (backToFirstPage) for (const key of PAGE_KEYS) next.delete(key);
  return next;
}
