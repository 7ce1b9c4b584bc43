import type { FastifyBaseLogger } from "fastify";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Queryable } from "../db/database.ts";
import { withTimeout } from "../db/with-timeout.ts";
import { smsOutboxFigures } from "../sms/sms-outbox-repository.ts";
import { startOfUtcDay, type SmsFailure } from "../sms/sms-channel.ts";

/** Why an inbound request was refused (the inbound route says which). */
export type SmsRefusal = string;

export interface SmsMetricsOptions {
  registers: Registry[];
  db: Queryable;
  logger: FastifyBaseLogger;
  /** SMS_DAILY_LIMIT; undefined when SMS is off (then the outbox's gauges are not kept). */
  dailyLimit: number | undefined;
  now: () => Date;
  /** A scrape's database read must not hold the scrape up. */
  scrapeTimeoutMs: number;
  /** A figure the database did not give: counted in db_errors_total by the caller. */
  onScrapeError: () => void;
}

/**
 * The SMS figures of /metrics (docs/operating.md, "Metrics"; docs/decisions/035-sms-through-a-gateway.md): messages
 * received, sent, failed and refused, delivery reports, and the outbox's gauges, among them the one an alert
 * watches: messages held back by SMS_DAILY_LIMIT.
 */
export class SmsMetrics {
  private readonly received: Counter;
  private readonly refused: Counter<"reason">;
  private readonly sent: Counter;
  private readonly failed: Counter<"reason">;
  private readonly deliveries: Counter<"delivery">;
  /** The scrape's read of the outbox, for whoever must wait for it (db_errors_total). */
  outboxRead: Promise<void> = Promise.resolve();

  constructor(options: SmsMetricsOptions) {
    const { registers } = options;
    this.received = new Counter({
      name: "sms_received_total",
      help: "SMS received from the gateway and taken (a report, a command, an answer), the same message again not counted.",
      registers,
    });
    this.refused = new Counter({
      name: "sms_refused_total",
      help: "Inbound SMS requests refused, by reason (a wrong token, a number over its daily reports, ...).",
      labelNames: ["reason"],
      registers,
    });
    this.sent = new Counter({
      name: "sms_sent_total",
      help: "Outgoing SMS the gateway accepted.",
      registers,
    });
    this.failed = new Counter({
      name: "sms_failed_total",
      help: "Outgoing SMS given up: refused by the gateway to the last attempt, or their number said STOP meanwhile.",
      labelNames: ["reason"],
      registers,
    });
    this.deliveries = new Counter({
      name: "sms_delivery_reports_total",
      help: "Delivery reports from the gateway, by what they said: delivered, failed (at the phone's network), buffered.",
      labelNames: ["delivery"],
      registers,
    });
    this.sent.inc(0);
    this.received.inc(0);
    for (const reason of ["refused", "stopped"] as const) this.failed.inc({ reason }, 0);
    if (options.dailyLimit !== undefined) this.outboxGauges(options, options.dailyLimit);
  }

  private outboxGauges(options: SmsMetricsOptions, dailyLimit: number): void {
    const { db, logger, registers } = options;
    let last: Promise<{ pending: number; waiting: number } | undefined> = Promise.resolve(undefined);
    // One read per scrape for both gauges: the first gauge collected starts it, the second waits for it.
    const read = () => {
      last = withTimeout(smsOutboxFigures(db, startOfUtcDay(options.now())), options.scrapeTimeoutMs).then(
        ({ pending, due, sentToday }) => ({ pending, waiting: Math.max(0, due - Math.max(0, dailyLimit - sentToday)) }),
        (error: unknown) => {
          options.onScrapeError();
          logger.warn({ err: { message: (error as Error).message } }, "metrics: could not count the SMS outbox");
          return undefined;
        },
      );
      this.outboxRead = last.then(() => undefined);
      return last;
    };
    const pending = new Gauge({
      name: "sms_outbox_pending",
      help: "Outgoing SMS waiting to be sent (not sent, not given up); NaN when the database did not answer.",
      registers,
      collect: async () => {
        const figures = await read();
        pending.set(figures ? figures.pending : Number.NaN);
      },
    });
    const waiting = new Gauge({
      name: "sms_daily_limit_waiting",
      help: "Outgoing SMS due now but held back by SMS_DAILY_LIMIT until the next day (UTC); alert when above 0.",
      registers,
      collect: async () => {
        const figures = await last;
        waiting.set(figures ? figures.waiting : Number.NaN);
      },
    });
  }

  smsReceived(): void {
    this.received.inc();
  }

  smsRefused(reason: SmsRefusal): void {
    this.refused.inc({ reason });
  }

  smsSent(): void {
    this.sent.inc();
  }

  smsFailed(reason: SmsFailure): void {
    this.failed.inc({ reason });
  }

  smsDelivery(delivery: "delivered" | "failed" | "buffered"): void {
    this.deliveries.inc({ delivery });
  }
}
