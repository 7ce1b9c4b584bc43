/**
 * Keyset cursors of the public list (GET /api/grievances?cursor=…). The list is ordered newest first by
 * (created_at, id); a cursor names one row's place in that order and a side of it, so a page deep in the list is
 * found through the index like the first one, however many rows precede it. Tokens are opaque to clients: URL-safe
 * base64 of "a|<created_at>|<id>" (the rows after that place: Next) or "b|…" (the rows before it: Previous).
 */

export interface SortKey {
  /** created_at in UTC to the microsecond, as SORT_AT_SQL writes it. */
  at: string;
  id: string;
}

export interface ListCursor extends SortKey {
  /** "after": the older rows that follow this place; "before": the newer rows that precede it. */
  direction: "after" | "before";
}

/**
 * created_at as text that loses nothing: timestamptz keeps microseconds, a JavaScript Date only milliseconds, and
 * two reports within one millisecond must not fall between pages. UTC, so it reads back the same in any session.
 */
export const SORT_AT_SQL = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// Lower case only: PostgreSQL writes uuids so, and one row must have one token.
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor({ direction, at, id }: ListCursor): string {
  return Buffer.from(`${direction === "after" ? "a" : "b"}|${at}|${id}`, "utf8").toString("base64url");
}

/**
 * The cursor a token stands for, or undefined for anything encodeCursor could not have written, checked here so
 * that a damaged link is a 400 and never reaches the database as an impossible timestamp.
 */
export function decodeCursor(token: string): ListCursor | undefined {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const parts = Buffer.from(token, "base64url").toString("utf8").split("|");
  if (parts.length !== 3) return undefined;
  const [side, at = "", id = ""] = parts;
  if ((side !== "a" && side !== "b") || !isTimestamp(at) || !ID_PATTERN.test(id)) return undefined;
  const cursor: ListCursor = { direction: side === "a" ? "after" : "before", at, id };
  // One spelling per cursor: other padding bits or characters base64url decoding skips are refused.
  return encodeCursor(cursor) === token ? cursor : undefined;
}

/** A real instant (no 30 February, no year 0, which PostgreSQL refuses) in the form SORT_AT_SQL writes. */
function isTimestamp(at: string): boolean {
  if (!AT_PATTERN.test(at) || at.startsWith("0000")) return false;
  const milliseconds = `${at.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds;
}
