import type { Queryable } from "../db/database.ts";

/** The sms_messages table (migration 035): every SMS in and out, and the outbound outbox. */

export type OutgoingSmsKind = "reply" | "update" | "fixed-question" | "staff" | "incident-alert";

export interface OutgoingSms {
  phone: string;
  grievanceId: string | null;
  event: string;
  kind: OutgoingSmsKind;
  body: string;
  staffAccountId: string | null;
  evenIfStopped: boolean;
}

/**
 * Queues one outgoing SMS, due now; false when this event was already queued for this number, or when the number
 * said STOP (unless `evenIfStopped`).
 */
export async function insertOutgoingSms(tx: Queryable, sms: OutgoingSms): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO sms_messages (direction, phone, grievance_id, body, kind, event, staff_account_id, next_attempt_at)
     SELECT 'out', $1, $2, $3, $4, $5, $6, now()
      WHERE $7::boolean OR NOT EXISTS (SELECT 1 FROM sms_numbers WHERE phone = $1 AND stopped_at IS NOT NULL)
     ON CONFLICT (phone, event) WHERE direction = 'out' DO NOTHING
     RETURNING id`,
    [sms.phone, sms.grievanceId, sms.body, sms.kind, sms.event, sms.staffAccountId, sms.evenIfStopped],
  );
  return rows.length > 0;
}
