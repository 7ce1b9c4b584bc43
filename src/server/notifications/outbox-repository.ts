import type { Queryable } from "../db/database.ts";

/**
 * The outbox table (docs/decisions/014-transactional-outbox-email.md): messages queued in the transaction of the
 * change they tell about (outbox.ts), claimed and marked by the outbox driver (email-channel.ts).
 */

export interface OutboxRow {
  grievanceId: string | null;
  followerId: string | null;
  incidentId: string | null;
  subscriptionId: string | null;
  event: string;
  recipient: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  unsubscribeTokenHash: Buffer;
}

/**
 * Queues one message; false when this event was already queued for this recipient: exactly once per event and
 * address, per report or per incident (migration 018). A subscription's confirmation is about neither: each has a
 * new token, hence an event, of its own.
 */
export async function insertOutboxMessage(tx: Queryable, row: OutboxRow): Promise<boolean> {
  const conflict = row.grievanceId
    ? "(grievance_id, event, lower(recipient))"
    : row.incidentId
      ? "(incident_id, event, lower(recipient)) WHERE incident_id IS NOT NULL"
      : "";
  const { rows } = await tx.query(
    `INSERT INTO outbox (grievance_id, follower_id, incident_id, subscription_id, event, recipient, kind, subject,
                         text_body, html_body, headers, unsubscribe_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT ${conflict} DO NOTHING
     RETURNING id`,
    [
      row.grievanceId,
      row.followerId,
      row.incidentId,
      row.subscriptionId,
      row.event,
      row.recipient,
      row.kind,
      row.subject,
      row.text,
      row.html,
      JSON.stringify(row.headers),
      row.unsubscribeTokenHash,
    ],
  );
  return rows.length > 0;
}

/**
 * Marks every message not yet sent to a follower or a subscription as failed, its bodies dropped: an unsubscribe
 * stops the pending ones too.
 */
export async function withdrawPendingMessages(
  tx: Queryable,
  to: { followerId: string } | { subscriptionId: string },
): Promise<void> {
  const column = "followerId" in to ? "follower_id" : "subscription_id";
  await tx.query(
    `UPDATE outbox SET failed_at = now(), last_error = 'Not sent: the recipient unsubscribed.',
            text_body = NULL, html_body = NULL, headers = '{}'::jsonb
     WHERE ${column} = $1 AND sent_at IS NULL AND failed_at IS NULL`,
    ["followerId" in to ? to.followerId : to.subscriptionId],
  );
}

export interface ClaimedMessage {
  id: string;
  grievance_id: string | null;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers: Record<string, string>;
  attempts: number;
  hidden: boolean;
  created_at: Date;
}

/**
 * Claims up to `batch` due messages in one statement: moves their next_attempt_at `leaseSeconds` ahead and counts
 * the attempt. `FOR UPDATE SKIP LOCKED` lets several instances claim at once without taking the same message.
 */
export async function claimDueMessages(db: Queryable, batch: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const { rows } = await db.query<ClaimedMessage>(
    `UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     WHERE o.id IN (
       SELECT id FROM outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
       ORDER BY next_attempt_at
       LIMIT ${batch}
       FOR UPDATE SKIP LOCKED)
     RETURNING o.id, o.grievance_id, o.recipient, o.subject, o.text_body, o.html_body, o.headers, o.attempts,
               -- Incident alerts and subscription confirmations are about no report: never withheld.
               EXISTS (SELECT 1 FROM grievances g WHERE g.id = o.grievance_id AND g.hidden_at IS NOT NULL) AS hidden,
               o.created_at`,
  );
  return rows;
}

/** Gives a message up: never sent, its bodies and headers (which hold links' tokens) dropped. */
export async function markMessageFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    `UPDATE outbox SET failed_at = now(), last_error = $2, text_body = NULL, html_body = NULL, headers = '{}'::jsonb
     WHERE id = $1 AND sent_at IS NULL`,
    [id, error],
  );
}

/** Another attempt in `delayMs`. */
export async function scheduleRetry(db: Queryable, id: string, reason: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
     WHERE id = $1 AND sent_at IS NULL`,
    [id, reason, delayMs],
  );
}

/**
 * Sent, to an SMTP server or written to a file (`via`, the transport's kind): the bodies and headers hold tokens of
 * links, not kept once they are no longer needed.
 */
export async function markMessageSent(db: Queryable, id: string, via: "smtp" | "file"): Promise<void> {
  await db.query(
    `UPDATE outbox SET sent_at = now(), sent_via = $2, last_error = NULL, failed_at = NULL,
            text_body = NULL, html_body = NULL, headers = '{}'::jsonb
     WHERE id = $1`,
    [id, via],
  );
}

/** Messages neither sent nor given up (for /metrics): the worker's own partial index (outbox_due_idx, migration 012). */
export async function countPendingMessages(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL",
  );
  return rows[0]?.n ?? 0;
}
