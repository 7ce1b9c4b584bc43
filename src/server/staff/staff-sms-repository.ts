import type { z } from "zod";
import type { staffSmsConversationSchema, staffSmsMessageSchema } from "#shared/api-schemas/staff-sms.ts";
import type { Queryable } from "../db/database.ts";
import { toE164 } from "../sms/phone-number.ts";

/** The console's reads and checks of a report's SMS (sms_messages, sms_numbers: migration 035). */

type StaffSmsMessage = z.output<typeof staffSmsMessageSchema>;
export type StaffSmsConversation = z.output<typeof staffSmsConversationSchema>;

interface SmsRow {
  id: string;
  direction: "in" | "out";
  phone: string | null;
  body: string;
  created_at: Date;
  kind: StaffSmsMessage["kind"];
  next_attempt_at: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  delivery: "delivered" | "failed" | "buffered" | null;
  delivery_at: Date | null;
  waiting: boolean;
  staff_email: string | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/**
 * Where an outgoing SMS stands (docs/decisions/041-sms-for-staff.md). The operator's delivery report wins over the
 * gateway's acceptance. "waiting": due but not sent because the day's ceiling (SMS_DAILY_LIMIT) is reached; the
 * worker leaves such messages due, neither failed nor tried, until the next day (sms/sms-channel.ts).
 */
function stateOf(row: SmsRow): Pick<StaffSmsMessage, "state" | "stateAt" | "error"> {
  if (row.direction === "in") return { state: null, stateAt: null, error: null };
  if (row.delivery === "delivered") return { state: "delivered", stateAt: iso(row.delivery_at), error: null };
  if (row.delivery === "failed") {
    return { state: "failed", stateAt: iso(row.delivery_at), error: row.last_error };
  }
  if (row.failed_at) return { state: "failed", stateAt: iso(row.failed_at), error: row.last_error };
  if (row.sent_at) return { state: "sent", stateAt: iso(row.sent_at), error: null };
  return { state: row.waiting ? "waiting" : "queued", stateAt: null, error: row.last_error };
}

/**
 * A report's SMS in and out, oldest first (sms_messages_grievance_idx; `seq` orders those of one transaction), with whether its number said STOP: the
 * report's number as stored, read as an international one, and every number of its conversation.
 */
export async function smsConversationOf(
  db: Queryable,
  grievanceId: string,
  userPhone: string | null,
  /** SMS_DAILY_LIMIT when SMS is set up: what is due past it is "waiting". */
  dailyLimit?: number,
): Promise<StaffSmsConversation> {
  const { rows } = await db.query<SmsRow>(
    `SELECT m.id, m.direction, m.phone, m.body, m.created_at, m.kind, m.next_attempt_at, m.sent_at, m.failed_at,
            m.last_error, m.delivery, m.delivery_at, a.email AS staff_email,
            (m.direction = 'out' AND m.sent_at IS NULL AND m.failed_at IS NULL AND m.next_attempt_at <= now()
              AND $2::int IS NOT NULL AND (SELECT count(*) FROM sms_messages s WHERE s.direction = 'out'
                AND s.sent_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') >= $2::int) AS waiting
       FROM sms_messages m LEFT JOIN staff_accounts a ON a.id = m.staff_account_id
      WHERE m.grievance_id = $1 ORDER BY m.created_at, m.seq`,
    [grievanceId, dailyLimit ?? null],
  );
  const phones = new Set(rows.flatMap((row) => (row.phone ? [row.phone] : [])));
  const own = userPhone ? toE164(userPhone, undefined) : undefined;
  if (own) phones.add(own);
  const consent = await db.query<{ sms_updates: boolean; stopped: boolean }>(
    `SELECT g.sms_updates,
            EXISTS (SELECT 1 FROM sms_numbers n WHERE n.phone = ANY($2::text[]) AND n.stopped_at IS NOT NULL) AS stopped
       FROM grievances g WHERE g.id = $1`,
    [grievanceId, [...phones]],
  );
  return {
    messages: rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      direction: row.direction,
      phone: row.phone,
      text: row.body,
      kind: row.direction === "out" ? row.kind : null,
      ...stateOf(row),
      staffEmail: row.staff_email,
    })),
    stopped: consent.rows[0]?.stopped ?? false,
    updatesBySms: consent.rows[0]?.sms_updates ?? false,
  };
}

/** The report's number and reference, its row locked for the change; undefined when there is no such report. */
export async function lockReportForSms(
  tx: Queryable,
  grievanceId: string,
): Promise<{ reference: string; user_phone: string | null } | undefined> {
  const { rows } = await tx.query<{ reference: string; user_phone: string | null }>(
    "SELECT reference, user_phone FROM grievances WHERE id = $1 FOR UPDATE",
    [grievanceId],
  );
  return rows[0];
}

/** Whether the number said STOP (and not START since). */
export async function isStopped(tx: Queryable, phone: string): Promise<boolean> {
  const { rows } = await tx.query<{ stopped: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM sms_numbers WHERE phone = $1 AND stopped_at IS NOT NULL) AS stopped",
    [phone],
  );
  return rows[0]?.stopped ?? false;
}
