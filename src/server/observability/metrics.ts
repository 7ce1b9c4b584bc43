import type { FastifyBaseLogger } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database.ts";
import type { SubmissionOutcome } from "./submission-outcome.ts";
import { withTimeout } from "../db/with-timeout.ts";
import { countPendingMessages } from "../notifications/outbox-repository.ts";
import { SmsMetrics } from "./sms-metrics.ts";

/** Where a database failure was met: answering a request (a 503), or reading a figure for a scrape. */
export type DatabaseErrorSource = "request" | "scrape";

// A scrape must answer even with the database frozen: the figure is left out rather than the scrape held up.
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

// Uploads of several photos over a weak signal take seconds; reads take milliseconds.
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// One photo: tens of milliseconds for a small one, a second or more for a large animation.
const IMAGE_SECONDS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

let processRegistry: Registry | undefined;

// Each app's figures, for the work started beside it (the SMS worker in http/start-portal.ts counts in them).
const appMetrics = new WeakMap<object, PortalMetrics>();
export const rememberMetrics = (app: object, metrics: PortalMetrics): void => void appMetrics.set(app, metrics);
/** The app's figures; undefined without METRICS_TOKEN. */
export const metricsOf = (app: object): PortalMetrics | undefined => appMetrics.get(app);

export interface PortalMetricsOptions {
  /** SMS_DAILY_LIMIT when SMS is on: the SMS outbox's gauges are kept (sms-metrics.ts). */
  smsDailyLimit?: number | undefined;
  /** The clock that says which day it is, for the SMS ceiling (the app's `now`). */
  now?: (() => Date) | undefined;
}

/**
 * The process's own figures (memory, CPU, event-loop lag, GC, handles), made once per process: they describe the
 * process, not an app, and prom-client's event-loop monitor and GC observer cannot be stopped again, so one per
 * app would pile up in a process that builds many (the tests). Neither keeps the process alive.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The figures GET /metrics shows (docs/operating.md, "Metrics"), in a registry of this app's own: never
 * prom-client's global one, which every app in a process would share. Conventional names without a prefix.
 */
export class PortalMetrics {
  /** What a scrape reads: this app's figures and the process's. */
  readonly registry: Registry;
  private readonly requests: Counter<"method" | "route" | "status_code">;
  private readonly requestSeconds: Histogram<"method" | "route">;
  private readonly submissions: Counter<"outcome" | "reason">;
  private readonly imageSeconds: Histogram;
  private readonly databaseErrors: Counter<"source">;
  /** SMS received, sent, failed, refused; the inbound route and the SMS worker count with it. */
  readonly sms: SmsMetrics;

  constructor(db: Database, logger: FastifyBaseLogger, options: PortalMetricsOptions = {}) {
    const own = new Registry();
    const registers = [own];
    this.requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status (499: the client went away first).",
      labelNames: ["method", "route", "status_code"],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: REQUEST_SECONDS_BUCKETS,
      registers,
    });
    this.submissions = new Counter({
      name: "grievance_submissions_total",
      help: "Reports sent with the form (POST /api/grievances): accepted, or refused and why.",
      labelNames: ["outcome", "reason"],
      registers,
    });
    this.imageSeconds = new Histogram({
      name: "image_processing_seconds",
      help: "Time sharp spent re-encoding one photo (its versions' pipelines added up, waiting for a core left out).",
      buckets: IMAGE_SECONDS_BUCKETS,
      registers,
    });
    // The outbox is read first in each scrape; db_errors_total waits for that read, so a scrape that failed to read
    // it already counts its own failure (a registry collects its metrics at the same time, in this order).
    let outboxRead: Promise<void> = Promise.resolve();
    const pending = new Gauge({
      name: "outbox_messages_pending",
      help: "E-mail messages waiting to be sent (not sent, not given up); NaN when the database did not answer.",
      registers,
      collect: () => {
        outboxRead = withTimeout(countPendingMessages(db), SCRAPE_QUERY_TIMEOUT_MS).then(
          (count) => pending.set(count),
          (error: unknown) => {
            // Not the last figure read, nor 0: an outage must not look like an empty outbox.
            pending.set(Number.NaN);
            this.databaseErrors.inc({ source: "scrape" });
            logger.warn({ err: { message: (error as Error).message } }, "metrics: could not count the e-mail outbox");
          },
        );
        return outboxRead;
      },
    });
    // Before db_errors_total, which waits for its outbox read too.
    this.sms = new SmsMetrics({
      registers,
      db,
      logger,
      dailyLimit: options.smsDailyLimit,
      now: options.now ?? (() => new Date()),
      scrapeTimeoutMs: SCRAPE_QUERY_TIMEOUT_MS,
      onScrapeError: () => this.databaseErrors.inc({ source: "scrape" }),
    });
    this.databaseErrors = new Counter({
      name: "db_errors_total",
      help: "Times the database was unavailable: requests answered 503, and scrapes that could not read a figure.",
      labelNames: ["source"],
      registers,
      collect: async () => {
        await Promise.all([outboxRead, this.sms.outboxRead]);
      },
    });
    // Present from the start, so that a rate over them is defined before the first failure.
    this.databaseErrors.inc({ source: "request" }, 0);
    this.databaseErrors.inc({ source: "scrape" }, 0);
    this.submissions.inc({ outcome: "accepted", reason: "new" }, 0);

    const poolStats = db.poolStats?.bind(db);
    if (poolStats) {
      const pool = new Gauge({
        name: "db_pool_connections",
        help: "PostgreSQL connection pool: connections open (total), idle, and queries waiting for one.",
        labelNames: ["state"],
        registers,
        // After the scrape's own outbox query, which would otherwise count as a query in flight.
        collect: async () => {
          await Promise.all([outboxRead, this.sms.outboxRead]);
          const stats = poolStats();
          pool.set({ state: "total" }, stats.total);
          pool.set({ state: "idle" }, stats.idle);
          pool.set({ state: "waiting" }, stats.waiting);
        },
      });
    }

    this.registry = Registry.merge([own, processMetrics()]);
  }

  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.inc({ method, route, status_code: String(statusCode) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  submissionAnswered({ outcome, reason }: SubmissionOutcome): void {
    this.submissions.inc({ outcome, reason });
  }

  /** An arrow function: handed to the image pipeline as a callback. */
  readonly imageProcessed = (seconds: number): void => {
    this.imageSeconds.observe(seconds);
  };

  databaseUnavailable(source: DatabaseErrorSource): void {
    this.databaseErrors.inc({ source });
  }
}
