import type { OutboxChannel } from "../delivery/index.ts";
import type { Queryable } from "../db/database.ts";
import type { MailTransport } from "./mail-transport.ts";
import {
  claimDueMessages,
  markMessageFailed,
  markMessageSent,
  scheduleRetry,
  type ClaimedMessage,
} from "./outbox-repository.ts";

/**
 * E-mail as a channel of the one outbox driver (delivery/outbox-driver.ts; docs/decisions/014-transactional-outbox-email.md):
 * the outbox table, an SMTP server or .eml files. The outbox row's id is the Message-ID, so a copy sent again at the
 * lease's edge is recognisably the same message. Every failure concerns the message: retried with backoff
 * (1 min, 2, 4, … up to 1 h), given up after 8 attempts, about 4 hours at the defaults.
 */
export function emailChannel(db: Queryable, transport: MailTransport): OutboxChannel<ClaimedMessage> {
  return {
    name: "e-mail",
    async claim(limit, leaseSeconds) {
      const rows = await claimDueMessages(db, limit, leaseSeconds);
      // In the order they were queued (RETURNING keeps no order): a receipt goes out before the first update.
      return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    },
    // Messages about a report hidden since they were queued are not sent: the claim reads whether it is hidden.
    withheld(message) {
      if (message.hidden) return { reason: "Not sent: the report is hidden.", cause: "hidden" };
      if (message.text_body === null || message.html_body === null)
        return { reason: "Not sent: the message has no body.", cause: "empty" };
      return undefined;
    },
    async send(message) {
      await transport.send({
        id: message.id,
        to: message.recipient,
        subject: message.subject,
        text: message.text_body ?? "",
        html: message.html_body ?? "",
        headers: message.headers,
      });
    },
    scopeOf: () => "message",
    // The bodies and headers hold tokens of links: dropped once sent or given up (outbox-repository.ts).
    markSent: (message) => markMessageSent(db, message.id, transport.kind),
    markFailed: (message, reason) => markMessageFailed(db, message.id, reason),
    async retry(messages, reason, delayMs) {
      for (const message of messages) await scheduleRetry(db, message.id, reason, delayMs);
    },
    close: () => transport.close(),
  };
}

/** The defaults of e-mail's retries: 1 min doubled up to 1 h, 8 attempts. */
export const EMAIL_RETRIES = { baseDelayMs: 60_000, maxDelayMs: 60 * 60_000, maxAttempts: 8 } as const;
