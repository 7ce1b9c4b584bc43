import type { Queryable } from "../db/database.ts";
import type { OutgoingSmsKind } from "./sms-message-repository.ts";

/**
 * The SMS outbox's delivery side (migration 035's sms_messages, direction 'out'): what the worker claims and marks
 * (sms-channel.ts), the daily ceiling's count, and the delivery reports Kannel sends back.
 */

export interface ClaimedSms {
  id: string;
  phone: string;
  body: string;
  kind: OutgoingSmsKind;
  event: string;
  attempts: number;
  /** The number said STOP (and has not said START since). */
  stopped: boolean;
  /** The order it was queued in (migration 038). */
  seq: number;
}

const NOT_DONE = "direction = 'out' AND sent_at IS NULL AND failed_at IS NULL";

/**
 * Claims up to `batch` due messages in one statement: moves their next_attempt_at `leaseSeconds` ahead and counts the
 * attempt. `FOR UPDATE SKIP LOCKED` lets several instances claim at once without taking the same message.
 */
export async function claimDueSms(db: Queryable, batch: number, leaseSeconds: number): Promise<ClaimedSms[]> {
  if (batch <= 0) return [];
  const { rows } = await db.query<ClaimedSms>(
    `UPDATE sms_messages m SET attempts = m.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     WHERE m.id IN (
       SELECT id FROM sms_messages
       WHERE ${NOT_DONE} AND next_attempt_at <= now()
       -- Oldest first: after an outage, what waited goes out in the order it was queued (migration 038).
       ORDER BY seq
       LIMIT ${batch}
       FOR UPDATE SKIP LOCKED)
     RETURNING m.id, m.phone, m.body, m.kind, m.event, m.attempts, m.seq::float8 AS seq,
               EXISTS (SELECT 1 FROM sms_numbers n WHERE n.phone = m.phone AND n.stopped_at IS NOT NULL) AS stopped`,
  );
  return rows;
}

/**
 * Handed to the gateway and accepted by it, `at` on the worker's clock: the one the daily ceiling counts the day
 * with.
 */
export async function markSmsSent(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query(
    "UPDATE sms_messages SET sent_at = $2, last_error = NULL WHERE id = $1 AND direction = 'out' AND sent_at IS NULL",
    [id, at],
  );
}

/** Given up: never sent, with the reason staff see beside it. */
export async function markSmsFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE sms_messages SET failed_at = now(), last_error = $2 WHERE id = $1 AND ${NOT_DONE}`, [
    id,
    error.slice(0, 500),
  ]);
}

/**
 * Another attempt in `delayMs`. `uncount`: the attempt the claim counted is taken back (the gateway was down: no
 * fault of the message's, so it never brings it nearer to being given up).
 */
export async function scheduleSmsRetry(
  db: Queryable,
  ids: readonly string[],
  reason: string,
  delayMs: number,
  uncount: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE sms_messages SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000),
            attempts = CASE WHEN $4::boolean THEN greatest(attempts - 1, 0) ELSE attempts END
     WHERE id = ANY($1::uuid[]) AND ${NOT_DONE}`,
    [ids, reason.slice(0, 500), delayMs, uncount],
  );
}

/** Messages sent since `since` (the start of the day, UTC): what SMS_DAILY_LIMIT counts (sms_messages_sent_idx). */
export async function countSmsSentSince(db: Queryable, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND sent_at IS NOT NULL AND sent_at >= $1",
    [since],
  );
  return rows[0]?.n ?? 0;
}

export interface SmsOutboxFigures {
  /** Neither sent nor given up. */
  pending: number;
  /** Due now: what the worker would send but for the daily ceiling. */
  due: number;
  sentToday: number;
}

/** For /metrics: the outbox's figures, the day starting at `since` (sms_messages_due_idx, sms_messages_sent_idx). */
export async function smsOutboxFigures(db: Queryable, since: Date): Promise<SmsOutboxFigures> {
  const { rows } = await db.query<SmsOutboxFigures>(
    `SELECT (SELECT count(*)::int FROM sms_messages WHERE ${NOT_DONE}) AS pending,
            (SELECT count(*)::int FROM sms_messages WHERE ${NOT_DONE} AND next_attempt_at <= now()) AS due,
            (SELECT count(*)::int FROM sms_messages
              WHERE direction = 'out' AND sent_at IS NOT NULL AND sent_at >= $1) AS "sentToday"`,
    [since],
  );
  return rows[0] ?? { pending: 0, due: 0, sentToday: 0 };
}

export type SmsDelivery = "delivered" | "failed" | "buffered";

/**
 * A delivery report for an outgoing message: undefined when no outgoing message has that id. A final report
 * (delivered, failed) is never replaced by a later "buffered" that arrived out of order; the same report twice
 * changes nothing; `null` (a report with nothing to record) only says whether the message exists.
 */
export async function recordSmsDelivery(
  db: Queryable,
  id: string,
  delivery: SmsDelivery | null,
): Promise<{ changed: boolean } | undefined> {
  const { rows } = await db.query<{ changed: boolean }>(
    `WITH target AS (SELECT id, delivery FROM sms_messages WHERE id = $1 AND direction = 'out'),
          changed AS (
            UPDATE sms_messages m SET delivery = $2, delivery_at = now()
            FROM target t
            WHERE m.id = t.id AND $2::text IS NOT NULL AND t.delivery IS DISTINCT FROM $2
              AND (t.delivery IS NULL OR t.delivery = 'buffered' OR $2 <> 'buffered')
            RETURNING m.id)
     SELECT EXISTS (SELECT 1 FROM changed) AS changed FROM target`,
    [id, delivery],
  );
  return rows[0];
}
