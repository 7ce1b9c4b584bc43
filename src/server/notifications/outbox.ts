import { unsubscribePath } from "#shared/notifications/follow.ts";
import type { Queryable } from "../db/database.ts";
import { newMailToken } from "./mail-tokens.ts";
import type { ComposedMessage } from "./message-templates.ts";

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
    // Automatic mail: no out-of-office answers back (RFC 3834).
    "Auto-Submitted": "auto-generated",
  };
  const about =
    "grievanceId" in entry
      ? { grievanceId: entry.grievanceId, followerId: entry.followerId, incidentId: null, subscriptionId: null }
      : { grievanceId: null, followerId: null, incidentId: entry.incidentId, subscriptionId: entry.subscriptionId };
  // Exactly once per event and address: per report, or per incident (migration 018). A subscription's
  // confirmation is about neither: each has a new token, hence an event, of its own.
  const conflict = about.grievanceId
    ? "(grievance_id, event, lower(recipient))"
    : about.incidentId
      ? "(incident_id, event, lower(recipient)) WHERE incident_id IS NOT NULL"
      : "";
  const { rows } = await tx.query(
    `INSERT INTO outbox (grievance_id, follower_id, incident_id, subscription_id, event, recipient, kind, subject,
                         text_body, html_body, headers, unsubscribe_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT ${conflict} DO NOTHING
     RETURNING id`,
    [
      about.grievanceId,
      about.followerId,
      about.incidentId,
      about.subscriptionId,
      entry.event,
      entry.recipient,
      message.kind,
      message.subject,
      message.text,
      message.html,
      JSON.stringify(headers),
      unsubscribe.hash,
    ],
  );
  return rows.length > 0;
}
