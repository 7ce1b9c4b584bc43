import type { FastifyBaseLogger } from "fastify";
import type { OutboxChannel } from "../delivery/index.ts";
import type { Queryable } from "../db/database.ts";
import { SmsGatewayError, type SmsGateway } from "./sms-gateway.ts";
import {
  claimDueSms,
  countSmsSentSince,
  markSmsFailed,
  markSmsSent,
  scheduleSmsRetry,
  type ClaimedSms,
} from "./sms-outbox-repository.ts";

/** What the SMS channel counts (observability/metrics.ts); absent without METRICS_TOKEN. */
export interface SmsWorkerMetrics {
  smsSent(): void;
  smsFailed(reason: SmsFailure): void;
}
/** Why a message was given up: the gateway refused it to the end, or its number said STOP since it was queued. */
export type SmsFailure = "refused" | "stopped";

export interface SmsChannelOptions {
  db: Queryable;
  gateway: SmsGateway;
  logger: FastifyBaseLogger;
  /** SMS_DAILY_LIMIT: messages sent a day (UTC) at most; the rest wait for the next day. */
  dailyLimit: number;
  metrics?: SmsWorkerMetrics | undefined;
  /**
   * The clock of the daily ceiling: which day it is, and when a message was sent (tests move it). The database's
   * clock times the lease and the retries, as for e-mail.
   */
  now?: () => Date;
}

/**
 * The event of the one message a stopped number still gets: the confirmation of its STOP
 * (docs/product-decisions.md D18).
 */
export const STOP_CONFIRMATION_EVENT_PREFIX = "stop:";
export const NOT_SENT_STOPPED = "Not sent: the number said STOP";

/** The defaults of SMS's retries: 30 s doubled up to 10 min, 8 refusals of one message. */
export const SMS_RETRIES = { baseDelayMs: 30_000, maxDelayMs: 10 * 60_000, maxAttempts: 8 } as const;

/**
 * SMS through the gateway as a channel of the one outbox driver (delivery/outbox-driver.ts,
 * docs/decisions/035-sms-through-a-gateway.md): the sms_messages table's outgoing rows, oldest first (migration 038).
 *
 * The gateway down (SmsGatewayError "gateway": unreachable, timed out, a server error, our credentials refused) is
 * the channel's outage: what is claimed waits, no attempt counted, never given up, and goes out in its order once the
 * gateway is back (tests/faults/sms-gateway-outage.test.ts). A refusal of one message is retried and given up.
 *
 * SMS_DAILY_LIMIT: a round claims no more than what is left of the day's ceiling (sent since midnight UTC). What is
 * over it stays due, neither failed nor counted as an attempt, and goes out the next day; sms_daily_limit_waiting
 * shows it. Several instances each count before claiming, so together they may pass the ceiling by what one round of
 * the others claimed at the same moment (a batch at most).
 *
 * STOP is read again when a message is sent: a message queued before its number said STOP is not sent but given up,
 * except the STOP's own confirmation (a reply whose event starts with "stop:").
 */
export function smsChannel(options: SmsChannelOptions): OutboxChannel<ClaimedSms> {
  const { db, gateway, logger, metrics } = options;
  const now = options.now ?? (() => new Date());
  let ceilingLogged: string | undefined;
  return {
    name: "SMS",
    // "SMS gateway unavailable; will retry": what operators watch the log for (docs/operating.md).
    peer: "SMS gateway",
    async claim(limit, leaseSeconds) {
      // In the order they were queued (RETURNING keeps no order): a reply goes out before the update after it.
      return (await claimDueSms(db, limit, leaseSeconds)).sort((a, b) => a.seq - b.seq);
    },
    async room() {
      const day = startOfUtcDay(now());
      const room = Math.max(0, options.dailyLimit - (await countSmsSentSince(db, day)));
      if (room === 0 && ceilingLogged !== day.toISOString()) {
        ceilingLogged = day.toISOString();
        logger.warn(
          { dailyLimit: options.dailyLimit },
          "SMS_DAILY_LIMIT reached: outgoing SMS wait for the next day (UTC)",
        );
      }
      return room;
    },
    withheld: (message) =>
      message.stopped && !isStopConfirmation(message) ? { reason: NOT_SENT_STOPPED, cause: "stopped" } : undefined,
    send: (message) => gateway.send({ id: message.id, to: message.phone, text: message.body }),
    scopeOf: (error) => (error instanceof SmsGatewayError && error.scope === "message" ? "message" : "channel"),
    async markSent(message) {
      await markSmsSent(db, message.id, now());
      metrics?.smsSent();
    },
    async markFailed(message, reason, cause) {
      await markSmsFailed(db, message.id, reason);
      metrics?.smsFailed(cause === "stopped" ? "stopped" : "refused");
    },
    retry: (messages, reason, delayMs, uncount) =>
      scheduleSmsRetry(
        db,
        messages.map((message) => message.id),
        reason,
        delayMs,
        uncount,
      ),
  };
}

const isStopConfirmation = (message: ClaimedSms): boolean =>
  message.kind === "reply" && message.event.startsWith(STOP_CONFIRMATION_EVENT_PREFIX);

/** Midnight UTC of the day `at` falls on: the portal's day for SMS_DAILY_LIMIT. */
export const startOfUtcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
