import { unsubscribePath } from "../../shared/follow.ts";
import type { Queryable } from "../db/database.ts";
import { newMailToken } from "./mail-tokens.ts";
import type { ComposedMessage } from "./message-templates.ts";

export interface OutboxEntry {
  grievanceId: string;
  followerId: string | null;
  /** Unique per report and recipient ("submitted", "status:42", "confirm:…"): a second one is not queued. */
  event: string;
  recipient: string;
  /** PUBLIC_URL, or the origin of the request that caused the message (tracking-url.ts). */
  linkBase: string;
  /** The message, given its unsubscribe link. */
  compose: (unsubscribeUrl: string) => ComposedMessage;
}

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
  const { rows } = await tx.query(
    `INSERT INTO outbox (grievance_id, follower_id, event, recipient, kind, subject, text_body, html_body, headers,
                         unsubscribe_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (grievance_id, event, lower(recipient)) DO NOTHING
     RETURNING id`,
    [
      entry.grievanceId,
      entry.followerId,
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
