import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { runEscalationCheck } from "./escalation-check.ts";

/**
 * Runs the escalation check every SLA_CHECK_SECONDS on every instance (docs/decisions/030): the check's key makes
 * several instances safe, so no instance needs to be chosen. Rounds never overlap; stop() waits for one in progress.
 */
export interface EscalationWorker {
  /** One check now (after any in progress), at `now` (default: the real time). */
  runOnce: (now?: Date) => Promise<number>;
  stop: () => Promise<void>;
}

export interface EscalationWorkerOptions {
  db: Database;
  linkBase: string;
  logger: FastifyBaseLogger;
  intervalSeconds: number;
}

export function startEscalationWorker({
  db,
  linkBase,
  logger,
  intervalSeconds,
}: EscalationWorkerOptions): EscalationWorker {
  let stopped = false;
  let round: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;

  const nextRound = (now?: Date): Promise<number> =>
    (round = round
      .catch(() => 0)
      .then(() => runEscalationCheck(db, now ?? new Date(), linkBase))
      .then((n) => {
        if (n > 0) logger.warn({ escalated: n }, `${n} missed service target(s) escalated`);
        return n;
      }));

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      nextRound()
        .catch((error: unknown) => logger.error({ err: error }, "The escalation check failed; trying again later."))
        .finally(schedule);
    }, intervalSeconds * 1000);
    timer.unref();
  };
  schedule();

  return {
    runOnce: nextRound,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round.catch(() => 0);
    },
  };
}
