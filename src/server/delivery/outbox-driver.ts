import type { FastifyBaseLogger } from "fastify";
import { startLoop, type Job } from "./loop.ts";

/**
 * The one outbox driver (docs/decisions/046-one-delivery-runtime.md; its guarantees are decision 014's and 035's).
 * Each channel (e-mail, SMS, and later webhooks and Open311) is an adapter behind OutboxChannel; this file holds
 * what every outbox does the same way.
 *
 * A round claims due messages in one statement that moves them past a lease and counts the attempt, with
 * `FOR UPDATE SKIP LOCKED` (several instances on one PostgreSQL server never take the same message; on PGlite, one
 * connection in one process, it is simply a lock), committed at once: no transaction stays open while a message is
 * on the wire. Each message is then sent and marked sent right after the other side accepted it, before the next
 * one. So a message goes once, except at one edge: if the process dies (or the database cannot be reached) between
 * the acceptance and the mark, its lease runs out and it is sent again, with the same id, so the copy is
 * recognisably the same message: at least once, never lost.
 *
 * A failure's scope (OutboxChannel.scopeOf) says whom it concerns:
 * - "message": this message was refused; retried with backoff, given up (marked failed) after maxAttempts. Later
 *   messages to the same destination (destinationOf) wait with it, their attempt taken back, so a destination that
 *   needs its messages in order (a webhook's endpoint) never gets the later one first.
 * - "destination": that destination is down; its messages in the round wait, their attempts taken back, the rest go.
 * - "channel": the channel is down (the SMS gateway): the round stops, every message left in it waits, attempts
 *   taken back, and nothing is claimed for a delay that doubles while the outage lasts. An outage only delays.
 */

export interface OutboxMessage {
  id: string;
  /** Counted by the claim: 1 on the first. */
  attempts: number;
}

export type FailureScope = "message" | "destination" | "channel";

export interface OutboxChannel<M extends OutboxMessage> {
  /** For the log: "e-mail", "SMS". */
  readonly name: string;
  /** The other side, for the log's "… unavailable; will retry" during a channel's outage: "SMS gateway". */
  readonly peer?: string;
  /** Claims up to `limit` due messages as above, returned in the order they must be sent. */
  claim(limit: number, leaseSeconds: number): Promise<M[]>;
  /** How many may be claimed now (a daily ceiling); without it, a batch. */
  room?(): Promise<number>;
  /** Why this message must not be sent any more (its report hidden, its number said STOP); it is given up unsent. */
  withheld(message: M): { reason: string; cause: string } | undefined;
  /** Hands the message over; resolves once the other side accepted it. */
  send(message: M): Promise<void>;
  scopeOf(error: unknown): FailureScope;
  /** Whose messages are kept in order, for "message" and "destination" failures (a webhook's endpoint). */
  destinationOf?(message: M): string;
  markSent(message: M): Promise<void>;
  /** Given up: `cause` is the withheld cause, or "refused" after maxAttempts. */
  markFailed(message: M, reason: string, cause: string): Promise<void>;
  /** Another attempt in delayMs; `uncount`: the claim's attempt taken back (no fault of these messages). */
  retry(messages: readonly M[], reason: string, delayMs: number, uncount: boolean): Promise<void>;
  /** On stop, once the rounds ended or were given up on. */
  close?(): void;
}

export interface OutboxDriverOptions {
  logger: FastifyBaseLogger;
  /** How often to look for due messages (default 3 s). */
  pollMs?: number;
  /** The first retry's delay, doubled after each failure up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Refusals of one message before it is given up (default 8). */
  maxAttempts?: number;
}

// How many messages one round claims at most, and how long a claim holds them: far longer than a round may take
// (a batch of sends, each within its channel's timeouts), so a live instance never sees its messages claimed by
// another.
export const BATCH = 20;
export const LEASE_SECONDS = 300;

/** The outbox as a job of the loop (loop.ts); a round resolves with how many messages were sent. */
export function outboxJob<M extends OutboxMessage>(
  channel: OutboxChannel<M>,
  options: OutboxDriverOptions,
): Job<number> {
  const { logger, baseDelayMs, maxDelayMs } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = (failures: number) => Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failures - 1));
  // Rounds in a row that met the channel down, and until when nothing is claimed.
  let outageRounds = 0;
  let resumeAt = 0;

  /** Retries the message, or gives it up; resolves with the retry's delay, undefined once given up. */
  async function refused(message: M, reason: string): Promise<number | undefined> {
    if (message.attempts >= maxAttempts) {
      logger.error({ messageId: message.id, attempts: message.attempts, reason }, `${channel.name} given up`);
      await channel.markFailed(message, reason, "refused");
      return undefined;
    }
    const delay = backoff(message.attempts);
    logger.warn(
      { messageId: message.id, attempts: message.attempts, retryInMs: delay, reason },
      `${channel.name} not sent; will retry`,
    );
    await channel.retry([message], reason, delay, false);
    return delay;
  }

  async function round(): Promise<number> {
    if (Date.now() < resumeAt) return 0;
    const room = channel.room ? Math.min(BATCH, await channel.room()) : BATCH;
    if (room <= 0) return 0;
    const rows = await channel.claim(room, LEASE_SECONDS);
    // Destinations that wait this round, with the delay their first failure was given.
    const waiting = new Map<string, { delay: number; reason: string }>();
    let sent = 0;
    for (const [index, message] of rows.entries()) {
      const destination = channel.destinationOf?.(message);
      const held = destination === undefined ? undefined : waiting.get(destination);
      if (held) {
        await channel.retry([message], held.reason, held.delay, true);
        continue;
      }
      const withheld = channel.withheld(message);
      if (withheld) {
        await channel.markFailed(message, withheld.reason, withheld.cause);
        continue;
      }
      try {
        await channel.send(message);
      } catch (error) {
        const reason = errorText(error);
        const scope = channel.scopeOf(error);
        if (scope === "channel") {
          outageRounds++;
          const delay = backoff(outageRounds);
          resumeAt = Date.now() + delay;
          const left = rows.slice(index);
          logger.warn(
            { waiting: left.length, retryInMs: delay, reason },
            `${channel.peer ?? channel.name} unavailable; will retry`,
          );
          await channel.retry(left, reason, delay, true);
          break;
        }
        if (scope === "destination") {
          const delay = backoff(message.attempts);
          logger.warn({ destination, retryInMs: delay, reason }, `${channel.name} destination unavailable; will retry`);
          await channel.retry([message], reason, delay, true);
          if (destination !== undefined) waiting.set(destination, { delay, reason });
          continue;
        }
        const delay = await refused(message, reason);
        if (destination !== undefined && delay !== undefined) waiting.set(destination, { delay, reason });
        continue;
      }
      // The mark, straight after the acceptance (see above for a death in between).
      await channel.markSent(message);
      outageRounds = 0;
      sent++;
    }
    if (sent > 0) logger.info({ sent }, `${sent} ${channel.name} message(s) sent`);
    return sent;
  }

  return {
    name: `Sending ${channel.name}`,
    everyMs: options.pollMs ?? 3_000,
    run: round,
    ...(channel.close ? { close: () => channel.close?.() } : {}),
  };
}

export interface OutboxWorker {
  /** One round now, after the one in progress: resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits (a few seconds at most) for a round in progress: call it before closing the database. */
  stop(): Promise<void>;
}

/** One outbox on a loop of its own: for a test, or a command that delivers without serving. */
export function startOutbox<M extends OutboxMessage>(
  channel: OutboxChannel<M>,
  options: OutboxDriverOptions,
): OutboxWorker {
  const loop = startLoop({ logger: options.logger });
  const job = loop.add(outboxJob(channel, options));
  return { runOnce: job.runOnce, stop: loop.stop };
}

/** What staff see as the reason: the other side's answer, without a stack. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500);
}
