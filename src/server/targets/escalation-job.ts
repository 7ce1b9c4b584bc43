import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import type { Job } from "../delivery/index.ts";
import { runEscalationCheck } from "./escalation-check.ts";

export interface EscalationJobOptions {
  db: Database;
  linkBase: string;
  logger: FastifyBaseLogger;
  intervalSeconds: number;
}

/**
 * The escalation check every SLA_CHECK_SECONDS on every instance (docs/decisions/030), as a job of the one loop
 * (delivery/loop.ts): the check's key makes several instances safe, so no instance needs to be chosen; rounds never
 * overlap, and a stop waits for one in progress a bounded time (a check cut short rolls back, and the next one does
 * its work).
 */
export function escalationJob({ db, linkBase, logger, intervalSeconds }: EscalationJobOptions): Job<number> {
  return {
    name: "The escalation check",
    everyMs: intervalSeconds * 1000,
    async run() {
      const escalated = await runEscalationCheck(db, new Date(), linkBase);
      if (escalated > 0) logger.warn({ escalated }, `${escalated} missed service target(s) escalated`);
      return escalated;
    },
  };
}
