import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import type { Queryable } from "../db/database.ts";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

declare module "@fastify/rate-limit" {
  interface RateLimitOptions {
    /**
     * True when the limit must hold across every portal on the database (submissions: N instances must not allow
     * N times the limit). Other limits (health and storage probes) only protect one process and must not cost a
     * database write, so they count in memory.
     */
    shared?: boolean;
  }
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (table rate_limit_counters, migration 006) for shared
 * limits and in this process's memory for the others. Fixed windows, like the plugin's own memory store.
 */
export function rateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class RoutingStore implements FastifyRateLimitStore {
    incr(): void {
      throw new Error("rate limits are configured per route");
    }

    child(declared: Parameters<FastifyRateLimitStore["child"]>[0]) {
      // The plugin really passes the route's merged rate-limit options, with the route under routeInfo.
      const routeOptions = declared as unknown as RateLimitOptions & { routeInfo?: { method?: unknown; url?: string } };
      const scope = `${String(routeOptions.routeInfo?.method)} ${routeOptions.routeInfo?.url ?? ""}`;
      return routeOptions.shared ? new DatabaseCounter(db, scope) : new MemoryCounter();
    }
  };
}

class DatabaseCounter implements FastifyRateLimitStore {
  private readonly db: Queryable;
  private readonly scope: string;

  constructor(db: Queryable, scope: string) {
    this.db = db;
    this.scope = scope;
  }

  incr(key: string, callback: Callback, timeWindow?: number): void {
    this.db
      .query<{ hits: number; ttl_ms: number }>(
        `INSERT INTO rate_limit_counters AS c (scope, key, hits, resets_at)
         VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
           resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
         RETURNING hits, greatest(0, ceil(extract(epoch FROM resets_at - now()) * 1000))::int AS ttl_ms`,
        [this.scope, key, timeWindow ?? 60_000],
      )
      .then(({ rows }) => callback(null, { current: rows[0]?.hits ?? 1, ttl: rows[0]?.ttl_ms ?? 0 }), callback);
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

// Enough distinct clients for any real flood; the oldest entries go first beyond it.
const MEMORY_ENTRIES = 10_000;

class MemoryCounter implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetsAt: number }>();

  incr(key: string, callback: Callback, timeWindow?: number): void {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetsAt <= now) {
      this.windows.delete(key);
      entry = { hits: 0, resetsAt: now + (timeWindow ?? 60_000) };
      if (this.windows.size >= MEMORY_ENTRIES) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, entry);
    }
    entry.hits += 1;
    callback(null, { current: entry.hits, ttl: entry.resetsAt - now });
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** Removes expired counters (hourly maintenance). */
export async function deleteExpiredRateLimits(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "WITH gone AS (DELETE FROM rate_limit_counters WHERE resets_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone",
  );
  return rows[0]?.n ?? 0;
}
