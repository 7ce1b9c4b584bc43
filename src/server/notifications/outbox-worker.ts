import type { FastifyBaseLogger } from "fastify";
import { startOutbox, type OutboxWorker } from "../delivery/index.ts";
import type { Queryable } from "../db/database.ts";
import { EMAIL_RETRIES, emailChannel } from "./email-channel.ts";
import type { MailTransport } from "./mail-transport.ts";

export type { OutboxWorker } from "../delivery/index.ts";

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

/**
 * The e-mail outbox on a loop of its own (tests; a portal runs it on the app's loop, background-jobs.ts): the one
 * outbox driver with the e-mail channel (email-channel.ts). stop() also closes the transport.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, logger, ...retries } = options;
  return startOutbox(emailChannel(db, transport), { logger, ...EMAIL_RETRIES, ...definedOf(retries) });
}

const definedOf = <T extends object>(record: T): Partial<T> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
