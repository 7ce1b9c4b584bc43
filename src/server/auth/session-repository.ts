import { createHash, randomBytes } from "node:crypto";
import type { StaffRole } from "#shared/staff/staff-schemas.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Staff sessions. The cookie holds a random 256-bit id; the table holds only its SHA-256. All times come from
 * the database clock, so several server processes agree on expiry.
 */

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
}

export interface ActiveSession {
  staffId: string;
  email: string;
  /** 'admin' may also manage categories, accounts and API keys (migration 016). Read with the session, so a
   * changed role applies from the next request. */
  role: StaffRole;
  lastSeenAt: Date;
  createdAt: Date;
}

// Sliding expiry without a write per request: last_seen_at moves only when it is older than this.
const TOUCH_AFTER_SECONDS = 60;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Starts a new session (a fresh id at every sign-in, so a planted id is never promoted). Returns the cookie value. */
export async function createSession(db: Queryable, staffId: string): Promise<{ id: string; session: ActiveSession }> {
  const id = randomBytes(32).toString("base64url");
  const { rows } = await db.query<{ email: string; role: StaffRole; created_at: Date; last_seen_at: Date }>(
    `WITH s AS (INSERT INTO staff_sessions (token_hash, staff_id) VALUES ($1, $2) RETURNING created_at, last_seen_at)
     SELECT a.email, a.role, s.created_at, s.last_seen_at FROM s, staff_accounts a WHERE a.id = $2`,
    [hashSessionId(id), staffId],
  );
  const row = rows[0]!;
  return {
    id,
    session: { staffId, email: row.email, role: row.role, createdAt: row.created_at, lastSeenAt: row.last_seen_at },
  };
}

/**
 * The live session for a cookie value, or undefined when unknown, idle too long, too old, or its account is
 * disabled. An expired session is deleted; a live one is touched at most once a minute.
 */
export async function findSession(
  db: Queryable,
  id: string,
  limits: SessionLimits,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashSessionId(id);
  const { rows } = await db.query<{
    staff_id: string;
    email: string;
    role: StaffRole;
    created_at: Date;
    last_seen_at: Date;
    live: boolean;
    stale: boolean;
  }>(
    `SELECT s.staff_id, a.email, a.role, s.created_at, s.last_seen_at,
            (a.disabled_at IS NULL
             AND s.last_seen_at > now() - $2 * interval '1 minute'
             AND s.created_at > now() - $3 * interval '1 hour') AS live,
            s.last_seen_at < now() - $4 * interval '1 second' AS stale
     FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
     WHERE s.token_hash = $1`,
    [tokenHash, limits.idleMinutes, limits.maxHours, TOUCH_AFTER_SECONDS],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.live) {
    await deleteSession(db, id);
    return undefined;
  }
  let lastSeenAt = row.last_seen_at;
  if (row.stale) {
    const touched = await db.query<{ last_seen_at: Date }>(
      "UPDATE staff_sessions SET last_seen_at = now() WHERE token_hash = $1 RETURNING last_seen_at",
      [tokenHash],
    );
    lastSeenAt = touched.rows[0]?.last_seen_at ?? lastSeenAt;
  }
  return { staffId: row.staff_id, email: row.email, role: row.role, createdAt: row.created_at, lastSeenAt };
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query("DELETE FROM staff_sessions WHERE token_hash = $1", [hashSessionId(id)]);
}

/** Drops sessions past either limit; called at sign-in so the table does not grow without bound. */
export async function pruneSessions(db: Queryable, limits: SessionLimits): Promise<void> {
  await db.query(
    `DELETE FROM staff_sessions
     WHERE last_seen_at <= now() - $1 * interval '1 minute' OR created_at <= now() - $2 * interval '1 hour'`,
    [limits.idleMinutes, limits.maxHours],
  );
}
