import type { Status } from "#shared/domain.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import type { KeywordCategory } from "./sms-report-text.ts";

/**
 * What a message from a phone reads and changes (docs/decisions/037-sms-conversations.md): the inbound row of
 * sms_messages, the number's row of sms_numbers (language, STOP, the daily limit's reply), its SMS alert
 * subscriptions, and the reports a STATUS asks about (migration 035).
 */

export type InboundHandling = "report" | "status" | "yes" | "no" | "stop" | "start" | "help" | "alerts" | "limited";

/** What is known of a number before its message is handled: one read, so a repeat or a limited number costs one. */
export interface NumberState {
  /** This gateway id was already taken: the same message again. */
  seen: boolean;
  locale: Locale | null;
  /** Its reports by SMS on the portal's day. */
  reportsToday: number;
}

export async function readNumberState(
  db: Queryable,
  phone: string,
  gatewayId: string,
  day: { start: Date; end: Date },
): Promise<NumberState> {
  const { rows } = await db.query<{ seen: boolean; locale: Locale | null; reports_today: number }>(
    `SELECT EXISTS (SELECT 1 FROM sms_messages WHERE direction = 'in' AND gateway_id = $2) AS seen,
            (SELECT locale FROM sms_numbers WHERE phone = $1) AS locale,
            (SELECT count(*)::int FROM sms_messages
              WHERE phone = $1 AND created_at >= $3 AND created_at < $4
                AND direction = 'in' AND handled_as = 'report') AS reports_today`,
    [phone, gatewayId, day.start, day.end],
  );
  const row = rows[0]!;
  return { seen: row.seen, locale: row.locale, reportsToday: row.reports_today };
}

export interface InboundSmsRow {
  phone: string;
  gatewayId: string;
  body: string;
  handledAs: InboundHandling;
  grievanceId: string | null;
  /** The portal's clock: the daily limit counts by it. */
  at: Date;
}

/** Stores the message; undefined when its gateway id is already stored (the same message again, even concurrently). */
export async function insertInboundSms(tx: Queryable, sms: InboundSmsRow): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO sms_messages (direction, phone, grievance_id, body, gateway_id, handled_as, created_at)
     VALUES ('in', $1, $2, $3, $4, $5, $6)
     ON CONFLICT (gateway_id) WHERE direction = 'in' DO NOTHING
     RETURNING id`,
    [sms.phone, sms.grievanceId, sms.body, sms.gatewayId, sms.handledAs, sms.at],
  );
  return rows[0]?.id;
}

/**
 * The number's row, made when it first writes, with the message's language when it said one; locked until the
 * transaction ends, so that two messages of one number at once count its reports one after the other.
 */
export async function upsertNumber(
  tx: Queryable,
  phone: string,
  locale: Locale | undefined,
): Promise<{ locale: Locale; stopped: boolean }> {
  const { rows } = await tx.query<{ locale: Locale; stopped: boolean }>(
    `INSERT INTO sms_numbers (phone, locale) VALUES ($1, coalesce($2, 'en'))
     ON CONFLICT (phone) DO UPDATE SET locale = coalesce($2, sms_numbers.locale)
     RETURNING locale, stopped_at IS NOT NULL AS stopped`,
    [phone, locale ?? null],
  );
  return rows[0]!;
}

/** Its reports by SMS on the portal's day, this transaction's own included. */
export async function countReportsOfDay(
  tx: Queryable,
  phone: string,
  day: { start: Date; end: Date },
): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sms_messages
      WHERE phone = $1 AND created_at >= $2 AND created_at < $3 AND direction = 'in' AND handled_as = 'report'`,
    [phone, day.start, day.end],
  );
  return rows[0]?.count ?? 0;
}

/** Records that the number was told of its daily limit today; false when it already was (then: silence). */
export async function markLimitReplied(tx: Queryable, phone: string, day: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE sms_numbers SET limit_replied_on = $2::date
      WHERE phone = $1 AND limit_replied_on IS DISTINCT FROM $2::date RETURNING phone`,
    [phone, day],
  );
  return rows.length > 0;
}

/** The report a message was about (a STATUS of the sender's own, an answer to "Is it fixed?"). */
export async function linkInboundSms(tx: Queryable, inboundId: string, grievanceId: string): Promise<void> {
  await tx.query("UPDATE sms_messages SET grievance_id = $2 WHERE id = $1", [inboundId, grievanceId]);
}

/** A report made by SMS consents to its updates by SMS (docs/product-decisions.md D18: they wrote to us). */
export async function consentToSmsUpdates(tx: Queryable, grievanceId: string): Promise<void> {
  await tx.query("UPDATE grievances SET sms_updates = true WHERE id = $1", [grievanceId]);
}

/** STOP: nothing more is sent to the number (but the confirmation) until START. False when it already was stopped. */
export async function stopNumber(tx: Queryable, phone: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query(
    "UPDATE sms_numbers SET stopped_at = $2 WHERE phone = $1 AND stopped_at IS NULL RETURNING phone",
    [phone, at],
  );
  return rows.length > 0;
}

export async function startNumber(tx: Queryable, phone: string): Promise<void> {
  await tx.query("UPDATE sms_numbers SET stopped_at = NULL WHERE phone = $1", [phone]);
}

/** Ends the number's SMS alert subscriptions. */
export async function endAlertSubscriptions(tx: Queryable, phone: string, at: Date): Promise<void> {
  await tx.query("UPDATE sms_alert_subscriptions SET ended_at = $2 WHERE phone = $1 AND ended_at IS NULL", [phone, at]);
}

/** ALERTS <locality>: a subscription, once per locality whatever its case. */
export async function subscribeToAlerts(tx: Queryable, phone: string, locality: string, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO sms_alert_subscriptions (phone, locality, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (phone, lower(locality)) WHERE ended_at IS NULL DO NOTHING`,
    [phone, locality, at],
  );
}

export interface StatusOfReport {
  id: string;
  reference: string;
  status: Status;
  /** Its latest public note (a status change's), if any. */
  note: string | null;
  /** Whether the number asking reported it. */
  own: boolean;
}

const STATUS_COLUMNS = `g.id, g.reference, g.status, g.user_phone IS NOT DISTINCT FROM $2 AS own,
  (SELECT e.note FROM grievance_events e
    WHERE e.grievance_id = g.id AND e.kind = 'status' AND e.note IS NOT NULL
    ORDER BY e.at DESC, e.id DESC LIMIT 1) AS note`;

/** A visible report by its reference (references are public: any number may ask). */
export async function statusByReference(
  db: Queryable,
  reference: string,
  phone: string,
): Promise<StatusOfReport | undefined> {
  const { rows } = await db.query<StatusOfReport>(
    `SELECT ${STATUS_COLUMNS} FROM grievances g WHERE g.reference = $1 AND g.hidden_at IS NULL`,
    [reference, phone],
  );
  return rows[0];
}

/** The number's latest visible report by SMS (grievances_sms_phone_idx). */
export async function statusOfLatestSmsReport(db: Queryable, phone: string): Promise<StatusOfReport | undefined> {
  const { rows } = await db.query<StatusOfReport>(
    `SELECT ${STATUS_COLUMNS} FROM grievances g
      WHERE g.user_phone = $1 AND g.channel = 'sms' AND g.hidden_at IS NULL
      ORDER BY g.created_at DESC LIMIT 1`,
    [phone, phone],
  );
  return rows[0];
}

/** The active categories with their SMS keywords, in the administrators' order. */
export async function keywordCategories(db: Queryable): Promise<KeywordCategory[]> {
  const { rows } = await db.query<KeywordCategory>(
    "SELECT key, service_code, sms_keywords FROM categories WHERE active ORDER BY position, key",
  );
  return rows;
}
