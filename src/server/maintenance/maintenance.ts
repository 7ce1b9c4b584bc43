import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { deleteExpiredIdempotencyKeys } from "../grievances/idempotency-key-repository.ts";
import { deleteExpiredRateLimits } from "../http/rate-limit-repository.ts";
import type { RetentionPeriods } from "../privacy/privacy-config.ts";
import { runRetention } from "../privacy/retention-run.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { sweepOrphans } from "./orphan-sweep.ts";

export interface MaintenanceDeps {
  db: Database;
  imageStore: ImageStore;
  orphanGraceMinutes: number;
  logger: FastifyBaseLogger;
  /**
   * Whether the portal must gather the planner's statistics itself: the embedded database has no autovacuum, and
   * search reads them (grievances/word-statistics-repository.ts). A PostgreSQL server's autovacuum keeps them.
   */
  analyze: boolean;
  /** RETENTION_…: the retention run, at start-up and then daily (docs/decisions/042-privacy-and-retention.md). */
  retention: RetentionPeriods;
}

const HOURLY = 60 * 60 * 1000;
// Daily, counted in hourly rounds: the 24th round after the last run, whatever the timer's drift.
const RETENTION_EVERY_ROUNDS = 24;

/**
 * Housekeeping at start-up and then hourly (docs/operating.md): the orphan sweep, expired rate-limit counters and
 * idempotency keys, and on the embedded database fresh planner statistics; daily, the retention run. Runs in the background: a failure is logged and retried at the next round,
 * never stops the portal. Several instances may each run it; every step is safe to run twice at once.
 * Returns a function that stops the schedule and waits for a round in progress.
 */
export function startMaintenance(deps: MaintenanceDeps): () => Promise<void> {
  // Rounds since the last retention run that succeeded: a failed one is tried again an hour later.
  let sinceRetention = RETENTION_EVERY_ROUNDS;
  const next = async () => {
    await runOnce(deps);
    if (++sinceRetention < RETENTION_EVERY_ROUNDS) return;
    if (await retentionRound(deps)) sinceRetention = 0;
  };
  let round = next();
  const timer = setInterval(() => {
    round = next();
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

/** The daily retention run (privacy/retention-run.ts); it records itself in the audit log. */
async function retentionRound({ db, imageStore, logger, retention }: MaintenanceDeps): Promise<boolean> {
  try {
    const now = new Date();
    const report = await runRetention({ db, imageStore, periods: retention, now, dryRun: false, actor: "system" });
    logger.info(report.counts, "Retention run: personal data past its retention period erased.");
    return true;
  } catch (error) {
    logger.error({ err: error }, "The retention run failed; it runs again in an hour.");
    return false;
  }
}
