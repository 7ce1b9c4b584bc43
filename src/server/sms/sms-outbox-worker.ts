import type { FastifyBaseLogger } from "fastify";
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

/** What the worker counts (observability/metrics.ts); absent without METRICS_TOKEN. */
export interface SmsWorkerMetrics {
  smsSent(): void;
  smsFailed(reason: SmsFailure): void;
}
/** Why a message was given up: the gateway refused it to the end, or its number said STOP since it was queued. */
export type SmsFailure = "refused" | "stopped";

export interface SmsOutboxWorkerOptions {
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
  /** How often to look for due messages (default 3 s). */
  pollMs?: number;
  /** The first retry's delay, doubled after each failure up to maxDelayMs (defaults 30 s and 10 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Refusals of one message by the gateway before it is given up (default 8). */
  maxAttempts?: number;
}

export interface SmsOutboxWorker {
  /** One round: claims what is due (within the daily ceiling) and sends it. Resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits (a few seconds at most) for a round in progress: call it before closing the database. */
  stop(): Promise<void>;
}

// As the e-mail worker's (notifications/outbox-worker.ts): a round claims at most BATCH messages, a claim holds them
// for LEASE_SECONDS, far longer than a round may take (BATCH sends of at most the gateway's 10 s timeout, and the
// round stops at the first sign of an outage), so a live worker never sees its messages claimed by another.
const BATCH = 20;
const LEASE_SECONDS = 300;
const STOP_WAIT_MS = 4_000;

/**
 * The event of the one message a stopped number still gets: the confirmation of its STOP
 * (docs/product-decisions.md D18).
 */
export const STOP_CONFIRMATION_EVENT_PREFIX = "stop:";
export const NOT_SENT_STOPPED = "Not sent: the number said STOP";

/**
 * Delivers the SMS outbox through the gateway (docs/decisions/035-sms-through-a-gateway.md), as the e-mail worker
 * delivers e-mail: at least once, never lost, and once in normal operation.
 *
 * A round claims due messages in one statement (FOR UPDATE SKIP LOCKED, a lease, the attempt counted), committed at
 * once, so two instances never take the same message and no transaction stays open while the gateway answers. Each
 * message is marked sent right after the gateway accepted it. A process that dies between the acceptance and the mark
 * leaves the message claimed; when its lease runs out it is sent again: the one edge where a phone may get a message
 * twice (tests/faults/sms-gateway-outage.test.ts).
 *
 * SMS_DAILY_LIMIT: a round claims no more than what is left of the day's ceiling (sent since midnight UTC). What is
 * over it stays due, neither failed nor counted as an attempt, and goes out the next day; sms_daily_limit_waiting shows
 * it. Several instances each count before claiming, so together they may pass the ceiling by what one round of the
 * others claimed at the same moment (a batch at most).
 *
 * Failures, by whom they concern (SmsGatewayError's scope):
 * - the gateway (down, timed out, a server error, our credentials refused): the round stops, the claimed messages
 *   wait, their attempt taken back, and the worker claims nothing for a delay that doubles while the outage lasts
 *   (30 s up to 10 min). An outage only delays: no message is given up for it, and once the gateway is back what
 *   waited goes out oldest first, in the order it was queued (tests/faults/sms-gateway-outage.test.ts).
 * - the message (the gateway refused this one): retried with backoff, given up (failed_at, last_error) after
 *   maxAttempts.
 *
 * STOP is read again when a message is sent: a message queued before its number said STOP is not sent but marked
 * failed, except the STOP's own confirmation (a reply whose event starts with "stop:").
 */
export function startSmsOutboxWorker(options: SmsOutboxWorkerOptions): SmsOutboxWorker {
  const { db, gateway, logger, metrics } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 3_000;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 10 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = (failures: number) => Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failures - 1));

  let stopped = false;
  let round: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;
  // Rounds in a row that met the gateway down: the outage's delay doubles with them. Until resumeAt the worker
  // claims nothing: what is queued meanwhile waits with what the outage held back, and all go in their order.
  let outageRounds = 0;
  let resumeAt = 0;
  let ceilingLogged: string | undefined;

  async function giveUp(message: ClaimedSms, reason: SmsFailure, error: string): Promise<void> {
    await markSmsFailed(db, message.id, error);
    metrics?.smsFailed(reason);
  }

  /** The claim's room under the daily ceiling; logs once a day when it is reached. */
  async function roomToday(): Promise<number> {
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
  }

  async function runOnce(): Promise<number> {
    if (Date.now() < resumeAt) return 0;
    const rows = await claimDueSms(db, Math.min(BATCH, await roomToday()), LEASE_SECONDS);
    // In the order they were queued (RETURNING keeps no order): a reply goes out before the update after it.
    rows.sort((a, b) => a.seq - b.seq);
    let sent = 0;
    for (const [index, message] of rows.entries()) {
      if (message.stopped && !isStopConfirmation(message)) {
        await giveUp(message, "stopped", NOT_SENT_STOPPED);
        continue;
      }
      try {
        await gateway.send({ id: message.id, to: message.phone, text: message.body });
      } catch (error) {
        const reason = errorText(error);
        if (error instanceof SmsGatewayError && error.scope === "message") {
          await refused(message, reason);
          continue;
        }
        // The gateway is down: this message and the rest of the round wait together, no attempt counted.
        outageRounds++;
        const delay = backoff(outageRounds);
        resumeAt = Date.now() + delay;
        const waiting = rows.slice(index).map((row) => row.id);
        logger.warn({ waiting: waiting.length, retryInMs: delay, reason }, "SMS gateway unavailable; will retry");
        await scheduleSmsRetry(db, waiting, reason, delay, true);
        break;
      }
      // The mark, straight after the gateway's acceptance (see above for a death in between).
      await markSmsSent(db, message.id, now());
      metrics?.smsSent();
      outageRounds = 0;
      sent++;
    }
    if (sent > 0) logger.info({ sent }, `${sent} SMS sent`);
    return sent;
  }

  async function refused(message: ClaimedSms, reason: string): Promise<void> {
    if (message.attempts >= maxAttempts) {
      logger.error({ smsId: message.id, attempts: message.attempts, reason }, "SMS given up");
      await giveUp(message, "refused", reason);
      return;
    }
    const delay = backoff(message.attempts);
    logger.warn({ smsId: message.id, attempts: message.attempts, retryInMs: delay, reason }, "SMS refused; will retry");
    await scheduleSmsRetry(db, [message.id], reason, delay, false);
  }

  // Rounds never overlap: an explicit runOnce (tests, a nudge) waits for the scheduled one, and the other way round.
  const nextRound = (): Promise<number> => (round = round.catch(() => 0).then(runOnce));

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      nextRound()
        .catch((error: unknown) => logger.error({ err: error }, "Sending SMS failed; trying again shortly."))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce: nextRound,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // As the e-mail worker: a shutdown ends within its deadline; an unmarked message is sent again later.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([round.catch(() => 0), new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(wait);
    },
  };
}

const isStopConfirmation = (message: ClaimedSms): boolean =>
  message.kind === "reply" && message.event.startsWith(STOP_CONFIRMATION_EVENT_PREFIX);

/** Midnight UTC of the day `at` falls on: the portal's day for SMS_DAILY_LIMIT. */
export const startOfUtcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** What staff see as the reason: the gateway's answer, without a stack. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500);
}
