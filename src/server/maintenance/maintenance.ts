import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import type { Job } from "../delivery/index.ts";
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
const DAILY = 24 * HOURLY;

/**
 * Housekeeping at start-up and then hourly (docs/operating.md): the orphan sweep, expired rate-limit counters and
 * idempotency keys, and on the embedded database fresh planner statistics; daily, the retention run, a failed one
 * tried again an hour later. Jobs of the one loop (delivery/loop.ts): a round never starts while the last still
 * runs, a failure is logged and retried, never stops the portal. Several instances may each run them; every step is
 * safe to run twice at once.
 */
export function maintenanceJobs(deps: MaintenanceDeps): Job[] {
  return [
    { name: "Housekeeping", everyMs: HOURLY, firstAfterMs: 0, run: () => runOnce(deps) },
    {
      name: "The retention run",
      everyMs: DAILY,
      firstAfterMs: 0,
      afterFailureMs: HOURLY,
      run: () => retentionRound(deps),
    },
  ];
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

/** The daily retention run (privacy/retention-run.ts); it records itself in the audit log. A failure throws. */
async function retentionRound({ db, imageStore, logger, retention }: MaintenanceDeps): Promise<void> {
  const now = new Date();
  const report = await runRetention({ db, imageStore, periods: retention, now, dryRun: false, actor: "system" });
  logger.info(report.counts, "Retention run: personal data past its retention period erased.");
}
