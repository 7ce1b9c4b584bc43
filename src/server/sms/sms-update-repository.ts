import type { Queryable } from "../db/database.ts";

/**
 * What the SMS the portal sends on its own read (docs/decisions/038-sms-updates.md): a report's reporter as a
 * recipient, the report whose "Is it fixed?" a number was asked, and the numbers subscribed to incident alerts.
 */

export interface SmsRecipient {
  reference: string;
  user_phone: string | null;
  user_email: string | null;
  sms_updates: boolean;
  channel: string;
  hidden: boolean;
  /** The report's language (migration 017). */
  locale: string;
  /** The number's own language (sms_numbers.locale), when it ever wrote or was written to. */
  number_locale: string | null;
}

export async function smsRecipientOf(tx: Queryable, grievanceId: string): Promise<SmsRecipient | undefined> {
  const { rows } = await tx.query<SmsRecipient>(
    `SELECT g.reference, g.user_phone, g.user_email, g.sms_updates, g.channel, g.hidden_at IS NOT NULL AS hidden,
            g.locale, n.locale AS number_locale
       FROM grievances g LEFT JOIN sms_numbers n ON n.phone = g.user_phone
      WHERE g.id = $1`,
    [grievanceId],
  );
  return rows[0];
}

/**
 * The number's latest report that is resolved, visible, and was asked "Is it fixed?" about this resolution (the
 * question's event is the status event that resolved it last): what a YES or NO by SMS answers. With a reference
 * (YES WS-…), that report only.
 */
export async function askedResolvedReportOf(
  tx: Queryable,
  phone: string,
  reference?: string,
): Promise<{ id: string; reference: string; user_email: string | null } | undefined> {
  const { rows } = await tx.query<{ id: string; reference: string; user_email: string | null }>(
    `SELECT g.id, g.reference, g.user_email
       FROM sms_messages m JOIN grievances g ON g.id = m.grievance_id
      WHERE m.direction = 'out' AND m.kind = 'fixed-question' AND m.phone = $1
        AND g.status = 'resolved' AND g.hidden_at IS NULL AND ($2::text IS NULL OR g.reference = upper($2))
        AND m.event = 'status:' || (SELECT max(r.id) FROM grievance_events r
                                     WHERE r.grievance_id = g.id AND r.kind = 'status' AND r.to_status = 'resolved')
      ORDER BY m.seq DESC
      LIMIT 1`,
    [phone, reference ?? null],
  );
  return rows[0];
}

export interface SmsAlertSubscriber {
  phone: string;
  locality: string;
  locale: string | null;
}

/** Every active ALERTS subscription of a number that has not said STOP, with the number's language. */
export async function activeSmsAlertSubscriptions(tx: Queryable): Promise<SmsAlertSubscriber[]> {
  const { rows } = await tx.query<SmsAlertSubscriber>(
    `SELECT s.phone, s.locality, n.locale
       FROM sms_alert_subscriptions s LEFT JOIN sms_numbers n ON n.phone = s.phone
      WHERE s.ended_at IS NULL AND n.stopped_at IS NULL
      ORDER BY s.phone, s.id`,
  );
  return rows;
}
