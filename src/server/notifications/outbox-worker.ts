import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/database.ts";
import type { MailTransport } from "./mail-transport.ts";
import {
  claimDueMessages,
  markMessageFailed,
  markMessageSent,
  scheduleRetry,
  type ClaimedMessage,
} from "./outbox-repository.ts";

export interface OutboxWorkerOptions {
  db: Queryable;
  transport: MailTransport;
  logger: FastifyBaseLogger;
  /** How often to look for due messages (default 3 s). */
  pollMs?: number;
  /** The first retry's delay, doubled after each failure up to maxDelayMs (defaults 1 min and 1 h). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a message is given up (default 8: about 4 hours of retries at the defaults). */
  maxAttempts?: number;
}

export interface OutboxWorker {
  /** One round: claims the due messages and sends them. Resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a round in progress: call it before closing the database. */
  stop(): Promise<void>;
}

// How many messages one round claims at most, and how long a claim holds them. A claimed message that is neither
// marked sent nor failed by then (its worker died) is due again; the lease is far longer than an SMTP exchange
// may take (mail-transport.ts timeouts), so a live worker never sees its messages claimed by another.
const BATCH = 20;
const LEASE_SECONDS = 300;
const STOP_WAIT_MS = 4_000;

/**
 * Delivers the outbox (docs/decisions/014-transactional-outbox-email.md, docs/operating.md "E-mail").
 *
 * A round claims due messages in one statement: it moves their next_attempt_at past a lease and counts the
 * attempt. `FOR UPDATE SKIP LOCKED` lets several portal instances on one PostgreSQL server claim at once without
 * taking the same message (on PGlite, one connection in one process, it is simply a lock). The claim commits at
 * once: no transaction stays open while a message is on the wire, so an SMTP server that is slow to answer
 * never holds a database connection, nor (on PGlite) every other query.
 *
 * Each message is then sent and marked sent in the same step, right after the server accepted it, before the next
 * one. Each message goes once, except at one edge: if the process dies (or the database cannot be reached)
 * between the server's acceptance and the mark, the claim runs out after the lease and the message is sent again
 * — at least once, never lost. Its Message-ID stays the same, so the copy is recognisably the same message.
 *
 * A failure is retried with exponential backoff (1 min, 2, 4, … up to 1 h) and given up after maxAttempts
 * (failed_at, last_error). Messages about a report hidden since they were queued are not sent: the claim reads
 * whether the report is hidden, and such a message is marked failed without being sent.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, logger } = options;
  const pollMs = options.pollMs ?? 3_000;
  const baseDelayMs = options.baseDelayMs ?? 60_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;

  let stopped = false;
  let round: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;

  const finish = (id: string, error: string) => markMessageFailed(db, id, error);

  async function deliver(message: ClaimedMessage): Promise<boolean> {
    if (message.hidden) {
      await finish(message.id, "Not sent: the report is hidden.");
      return false;
    }
    if (message.text_body === null || message.html_body === null) {
      await finish(message.id, "Not sent: the message has no body.");
      return false;
    }
    try {
      await transport.send({
        id: message.id,
        to: message.recipient,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        headers: message.headers,
      });
    } catch (error) {
      const reason = errorText(error);
      if (message.attempts >= maxAttempts) {
        logger.error({ messageId: message.id, attempts: message.attempts, reason }, "e-mail given up");
        await finish(message.id, reason);
      } else {
        const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (message.attempts - 1));
        logger.warn(
          { messageId: message.id, attempts: message.attempts, retryInMs: delay, reason },
          "e-mail not sent; will retry",
        );
        await scheduleRetry(db, message.id, reason, delay);
      }
      return false;
    }
    // The mark, straight after the server's acceptance (see above for a death in between). The bodies and headers
    // hold tokens of links: not kept once they are no longer needed.
    await markMessageSent(db, message.id, transport.kind);
    return true;
  }

  async function runOnce(): Promise<number> {
    const rows = await claimDueMessages(db, BATCH, LEASE_SECONDS);
    // In the order they were queued (RETURNING keeps no order): a receipt goes out before the first update.
    rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    let sent = 0;
    for (const message of rows) {
      if (await deliver(message)) sent++;
    }
    if (sent > 0) logger.info({ sent }, `${sent} e-mail message(s) sent`);
    return sent;
  }

  // Rounds never overlap: an explicit runOnce (tests, a nudge) waits for the scheduled one, and the other way round.
  const nextRound = (): Promise<number> => (round = round.catch(() => 0).then(runOnce));

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      nextRound()
        .catch((error: unknown) => logger.error({ err: error }, "Sending e-mail failed; trying again shortly."))
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
      // A round waits for the message on the wire, but a shutdown must end within its deadline (start-portal.ts):
      // after a few seconds the database is closed under it; an unmarked message is sent again later (see above).
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        round.catch(() => 0),
        new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
      clearTimeout(giveUp);
      transport.close();
    },
  };
}

/** What staff see as the reason: the server's answer, without a stack. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500);
}
