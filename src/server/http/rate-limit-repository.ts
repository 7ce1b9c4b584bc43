import type { Queryable } from "../db/database.ts";

/** The counters of the limits shared by every portal on the database (rate-limit-store.ts). */

/**
 * Counts one hit of `key` in `scope`, starting a new window of `windowMs` when the last one has ended. Returns the
 * hits in the window and the milliseconds until it ends.
 */
export async function countHit(
  db: Queryable,
  scope: string,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await db.query<{ hits: number; ttl_ms: number }>(
    `INSERT INTO rate_limit_counters AS c (scope, key, hits, resets_at)
     VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
     ON CONFLICT (scope, key) DO UPDATE SET
       hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
       resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
     RETURNING hits, greatest(0, ceil(extract(epoch FROM resets_at - now()) * 1000))::int AS ttl_ms`,
    [scope, key, windowMs],
  );
  return { hits: rows[0]?.hits ?? 1, ttlMs: rows[0]?.ttl_ms ?? 0 };
}

/** Removes expired counters (hourly maintenance). */
export async function deleteExpiredRateLimits(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "WITH gone AS (DELETE FROM rate_limit_counters WHERE resets_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone",
  );
  return rows[0]?.n ?? 0;
}
