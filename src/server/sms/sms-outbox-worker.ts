import { startOutbox, type OutboxWorker } from "../delivery/index.ts";
import { SMS_RETRIES, smsChannel, type SmsChannelOptions } from "./sms-channel.ts";

export type { OutboxWorker as SmsOutboxWorker } from "../delivery/index.ts";

export interface SmsOutboxWorkerOptions extends SmsChannelOptions {
  /** How often to look for due messages (default 3 s). */
  pollMs?: number;
  /** The first retry's delay, doubled after each failure up to maxDelayMs (defaults 30 s and 10 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Refusals of one message by the gateway before it is given up (default 8). */
  maxAttempts?: number;
}

/**
 * The SMS outbox on a loop of its own (tests; a portal runs it on the app's loop, background-jobs.ts): the one outbox
 * driver with the SMS channel (sms-channel.ts).
 */
export function startSmsOutboxWorker(options: SmsOutboxWorkerOptions): OutboxWorker {
  const { pollMs, baseDelayMs, maxDelayMs, maxAttempts, ...channel } = options;
  const given = Object.fromEntries(
    Object.entries({ pollMs, baseDelayMs, maxDelayMs, maxAttempts }).filter(([, value]) => value !== undefined),
  );
  return startOutbox(smsChannel(channel), { logger: options.logger, ...SMS_RETRIES, ...given });
}
