import type { Queryable } from "../db/database.ts";
import { insertOutgoingSms, type OutgoingSmsKind } from "./sms-message-repository.ts";
import { fitToParts } from "./sms-text.ts";

export interface SmsEntry {
  /** E.164 (phone-number.ts). */
  phone: string;
  grievanceId: string | null;
  /**
   * Unique per number ("receipt:<report id>", "status:<event id>", "reply:<inbound message id>"): a second one is not
   * queued, so each event reaches a phone once.
   */
  event: string;
  kind: OutgoingSmsKind;
  /** The finished text, in the recipient's language; cut to MAX_PARTS here. */
  body: string;
  /** Who sent it, for a message staff wrote. */
  staffAccountId?: string | null;
  /**
   * The one message a stopped number still gets: the confirmation of its STOP (docs/product-decisions.md D18).
   * Everything else to a stopped number is not queued.
   */
  evenIfStopped?: boolean;
}

/**
 * Queues one SMS in the caller's transaction (as enqueueMessage does e-mail, docs/decisions/014): it exists if and
 * only if the change it tells about commits, and the SMS worker hands it to the gateway. Returns false when nothing
 * was queued: this event already was, or the number said STOP.
 */
export function enqueueSms(tx: Queryable, entry: SmsEntry): Promise<boolean> {
  return insertOutgoingSms(tx, {
    phone: entry.phone,
    grievanceId: entry.grievanceId,
    event: entry.event,
    kind: entry.kind,
    body: fitToParts(entry.body),
    staffAccountId: entry.staffAccountId ?? null,
    evenIfStopped: entry.evenIfStopped ?? false,
  });
}
