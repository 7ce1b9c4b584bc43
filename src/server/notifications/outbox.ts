import { unsubscribePath } from "#shared/notifications/follow.ts";
import type { Queryable } from "../db/database.ts";
import { newMailToken } from "./mail-tokens.ts";
import type { ComposedMessage } from "./message-templates.ts";
import { insertOutboxMessage } from "./outbox-repository.ts";

/** What a message is about: a report (to its reporter or a follower), or an incident alert subscription. */
export type OutboxSubject =
  | { grievanceId: string; followerId: string | null }
  /** An incident's alert (incidentId set), or the subscription's confirmation (incidentId null). */
  | { incidentId: string | null; subscriptionId: string };

export type OutboxEntry = OutboxSubject & {
  /**
   * Unique per report (or incident) and recipient ("submitted", "status:42", "confirm:…", "incident-declared"): a
   * second one is not queued.
   */
  event: string;
  recipient: string;
  /** PUBLIC_URL, or the origin of the request that caused the message (tracking-url.ts). */
  linkBase: string;
  /** The message, given its unsubscribe link. */
  compose: (unsubscribeUrl: string) => ComposedMessage;
};

/** Automatic mail: no out-of-office answers back (RFC 3834). */
const AUTOMATIC = { "Auto-Submitted": "auto-generated" };

/**
 * Queues one message in the caller's transaction: it exists if and only if the change it tells about commits
 * (docs/decisions/014-transactional-outbox-email.md). Every message has an unsubscribe token of its own, in its
 * footer and in the List-Unsubscribe header, with List-Unsubscribe-Post for one-click unsubscribing (RFC 8058).
 * Returns false when this event was already queued for this recipient.
 */
export async function enqueueMessage(tx: Queryable, entry: OutboxEntry): Promise<boolean> {
  const unsubscribe = newMailToken();
  const unsubscribeUrl = `${entry.linkBase}${unsubscribePath(unsubscribe.token)}`;
  const message = entry.compose(unsubscribeUrl);
  const headers = {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    ...AUTOMATIC,
  };
  const about =
    "grievanceId" in entry
      ? { grievanceId: entry.grievanceId, followerId: entry.followerId, incidentId: null, subscriptionId: null }
      : { grievanceId: null, followerId: null, incidentId: entry.incidentId, subscriptionId: entry.subscriptionId };
  return insertOutboxMessage(tx, {
    ...about,
    event: entry.event,
    recipient: entry.recipient,
    kind: message.kind,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers,
    unsubscribeTokenHash: unsubscribe.hash,
  });
}

/**
 * Queues a message about a report to staff (a team's inbox, an assignee, a supervisor, a technician): their work,
 * not a subscription, so it has no unsubscribe link and no List-Unsubscribe header (render with a null link). The
 * outbox's unique unsubscribe column gets a random value nobody holds. False when this event was already queued for
 * this recipient.
 */
export async function enqueueStaffMessage(
  tx: Queryable,
  entry: { grievanceId: string; event: string; recipient: string; message: ComposedMessage },
): Promise<boolean> {
  const { message } = entry;
  return insertOutboxMessage(tx, {
    grievanceId: entry.grievanceId,
    followerId: null,
    incidentId: null,
    subscriptionId: null,
    event: entry.event,
    recipient: entry.recipient,
    kind: message.kind,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: AUTOMATIC,
    unsubscribeTokenHash: newMailToken().hash,
  });
}
