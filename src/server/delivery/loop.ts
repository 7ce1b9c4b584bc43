import type { FastifyBaseLogger } from "fastify";

/**
 * The one loop every background job runs on (docs/decisions/046-one-delivery-runtime.md): the outboxes' deliveries,
 * the escalation check, the housekeeping and the retention run. Each job's rounds never overlap: the next one is
 * scheduled when the last has ended (never by setInterval, which starts a round while a slow one still runs), and
 * an explicit run (a test, a nudge) waits for the round in progress. Jobs do not wait for each other: a slow SMTP
 * server delays no SMS.
 */

export interface Job<T = unknown> {
  /** For the log: what failed. */
  readonly name: string;
  /** Between the end of one round and the start of the next. */
  readonly everyMs: number;
  /** Before the first round (default everyMs; 0: at once). */
  readonly firstAfterMs?: number;
  /** After a round that threw (default everyMs): a failed daily run is tried again an hour later. */
  readonly afterFailureMs?: number;
  run(): Promise<T>;
  /** Once the loop has stopped and its rounds have ended or been given up on: release what the job holds. */
  close?(): void;
}

export interface RunningJob<T> {
  /** One round now, after the one in progress, if any; rejects when the round throws. */
  runOnce(): Promise<T>;
}

/** The timer functions, replaceable by a test that moves time by hand. */
export interface LoopTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LoopOptions {
  logger: FastifyBaseLogger;
  /**
   * How long stop() waits for the rounds in progress (default 4 s). A round may wait on a server (an SMTP exchange,
   * the gateway) or a long statement; a shutdown must end within its deadline (http/start-portal.ts), so after this
   * the database is closed under it. Every job is safe to cut: an unmarked message is sent again after its lease,
   * a transaction cut short rolls back.
   */
  stopWaitMs?: number;
  timers?: LoopTimers;
}

export interface Loop {
  /** Schedules a job on the loop; nothing is scheduled once the loop has stopped. */
  add<T>(job: Job<T>): RunningJob<T>;
  /** Stops scheduling, waits (stopWaitMs at most) for the rounds in progress, then closes the jobs. */
  stop(): Promise<void>;
}

const realTimers: LoopTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function startLoop(options: LoopOptions): Loop {
  const { logger } = options;
  const timers = options.timers ?? realTimers;
  const stopWaitMs = options.stopWaitMs ?? 4_000;
  let stopped = false;
  const entries: { round: Promise<unknown>; timer: unknown; job: Job }[] = [];

  return {
    add<T>(job: Job<T>): RunningJob<T> {
      const entry: { round: Promise<unknown>; timer: unknown; job: Job } = {
        round: Promise.resolve(),
        timer: undefined,
        job,
      };
      entries.push(entry);
      const runOnce = (): Promise<T> => {
        const next = entry.round.catch(() => undefined).then(() => job.run());
        entry.round = next;
        return next;
      };
      const schedule = (ms: number) => {
        if (stopped) return;
        entry.timer = timers.setTimeout(() => {
          entry.timer = undefined;
          runOnce().then(
            () => schedule(job.everyMs),
            (error: unknown) => {
              logger.error({ err: error, job: job.name }, `${job.name} failed; trying again later.`);
              schedule(job.afterFailureMs ?? job.everyMs);
            },
          );
        }, ms);
      };
      schedule(job.firstAfterMs ?? job.everyMs);
      return { runOnce };
    },
    async stop() {
      stopped = true;
      for (const entry of entries) if (entry.timer !== undefined) timers.clearTimeout(entry.timer);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(entries.map((entry) => entry.round.catch(() => undefined))),
        new Promise((resolve) => (giveUp = setTimeout(resolve, stopWaitMs))),
      ]);
      clearTimeout(giveUp);
      for (const { job } of entries) job.close?.();
    },
  };
}
