import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import type { Queryable } from "../db/database.ts";
import { countHit } from "./rate-limit-repository.ts";

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
    countHit(this.db, this.scope, key, timeWindow ?? 60_000).then(
      ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
      callback,
    );
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
