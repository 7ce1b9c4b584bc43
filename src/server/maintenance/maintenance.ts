import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/database.ts";
import { deleteExpiredIdempotencyKeys } from "../grievances/idempotency-keys.ts";
import { deleteExpiredRateLimits } from "../http/rate-limit-store.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { sweepOrphans } from "./orphan-sweep.ts";

export interface MaintenanceDeps {
  db: Queryable;
  imageStore: ImageStore;
  orphanGraceMinutes: number;
  logger: FastifyBaseLogger;
}

const HOURLY = 60 * 60 * 1000;

/**
 * Housekeeping at start-up and then hourly (docs/operations.md): the orphan sweep, and expired rate-limit
 * counters and idempotency keys. Runs in the background: a failure is logged and retried at the next round,
 * never stops the portal. Several instances may each run it; every step is safe to run twice at once.
 * Returns a function that stops the schedule and waits for a round in progress.
 */
export function startMaintenance(deps: MaintenanceDeps): () => Promise<void> {
  let round = runOnce(deps);
  const timer = setInterval(() => (round = runOnce(deps)), HOURLY);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}

async function runOnce({ db, imageStore, orphanGraceMinutes, logger }: MaintenanceDeps): Promise<void> {
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
}
