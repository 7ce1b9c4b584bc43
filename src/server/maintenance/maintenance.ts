import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/database.ts";
import { deleteExpiredIdempotencyKeys } from "../grievances/idempotency-key-repository.ts";
import { deleteExpiredRateLimits } from "../http/rate-limit-repository.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { sweepOrphans } from "./orphan-sweep.ts";

export interface MaintenanceDeps {
  db: Queryable;
  imageStore: ImageStore;
  orphanGraceMinutes: number;
  logger: FastifyBaseLogger;
  /**
   * Whether the portal must gather the planner's statistics itself: the embedded database has no autovacuum, and
   * search reads them (grievances/word-statistics-repository.ts). A PostgreSQL server's autovacuum keeps them.
   */
  analyze: boolean;
}

const HOURLY = 60 * 60 * 1000;

/**
 * Housekeeping at start-up and then hourly (docs/operating.md): the orphan sweep, expired rate-limit counters and
 * idempotency keys, and on the embedded database fresh planner statistics. Runs in the background: a failure is logged and retried at the next round,
 * never stops the portal. Several instances may each run it; every step is safe to run twice at once.
 * Returns a function that stops the schedule and waits for a round in progress.
 */
export function startMaintenance(deps: MaintenanceDeps): () => Promise<void> {
  let round = runOnce(deps);
  const timer = setInterval(() => {
    round = runOnce(deps);
  }, HOURLY);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}

async function runOnce({ db, imageStore, orphanGraceMinutes, logger, analyze }: MaintenanceDeps): Promise<void> {
  try {
    const result = await sweepOrphans(db, imageStore, orphanGraceMinutes);
    if (result.skipped) logger.warn(`Orphan sweep skipped: ${result.skipped}.`);
    else logger.info(result, `Orphan sweep: ${result.deleted} unreferenced stored object(s) deleted.`);
  } catch (error) {
    logger.error({ err: error }, "Orphan sweep failed; it runs again in an hour.");
  }
  try {
    const counters = await deleteExpiredRateLimits(db);
    const keys = await deleteExpiredIdempotencyKeys(db);
    logger.debug({ counters, keys }, "expired rate-limit counters and idempotency keys removed");
  } catch (error) {
    logger.error({ err: error }, "Removing expired rate-limit counters and idempotency keys failed.");
  }
  if (!analyze) return;
  try {
    // A sample of 30,000 rows whatever the size: about a second at a million reports.
    await db.exec("ANALYZE");
    logger.debug("planner statistics gathered");
  } catch (error) {
    logger.error({ err: error }, "Gathering the planner's statistics failed.");
  }
}
