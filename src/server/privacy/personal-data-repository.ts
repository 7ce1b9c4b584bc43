import { ERASED_MARKER } from "#shared/privacy/personal-data.ts";
import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";

/**
 * Erasure and access on request (docs/decisions/043-erasure-and-access-on-request.md): every statement that reads or
 * erases one person's data. Lookups by e-mail compare lower-case; by phone, the last nine digits (migration 044).
 */

export interface ReportContact {
  reference: string;
  title: string;
  description: string;
  location: string | null;
  user_email: string | null;
  user_phone: string | null;
}

/** The report's contact details and texts, the row locked until the transaction ends. */
export async function lockReportContact(tx: Queryable, id: string): Promise<ReportContact | undefined> {
  const { rows } = await tx.query<ReportContact>(
    `SELECT reference, title, description, location, user_email, user_phone FROM grievances WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Contact details gone, consent to SMS with them; the texts as scrubbed. */
export async function eraseReportContact(
  tx: Queryable,
  id: string,
  texts: { title: string; description: string; location: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE grievances SET user_email = NULL, user_phone = NULL, sms_updates = false, title = $2, description = $3,
            location = $4
      WHERE id = $1`,
    [id, texts.title, texts.description, texts.location],
  );
}

export async function reporterUpdateBodies(tx: Queryable, id: string): Promise<{ id: string; body: string }[]> {
  const { rows } = await tx.query<{ id: string; body: string }>(
    "SELECT id, body FROM reporter_updates WHERE grievance_id = $1 ORDER BY created_at, id",
    [id],
  );
  return rows;
}

export async function setReporterUpdateBody(tx: Queryable, updateId: string, body: string): Promise<void> {
  await tx.query("UPDATE reporter_updates SET body = $2 WHERE id = $1", [updateId, body]);
}

/** The reporter no longer follows the report (their address was the follow). Returns how many rows went. */
export async function deleteReporterFollower(tx: Queryable, id: string): Promise<number> {
  const { rows } = await tx.query("DELETE FROM followers WHERE grievance_id = $1 AND is_reporter RETURNING id", [id]);
  return rows.length;
}

/**
 * The report's e-mail to this address: kept as a record that a message went, without the address or the bodies;
 * what was still waiting is not sent. Returns how many messages.
 */
export async function forgetMessagesTo(tx: Queryable, id: string, email: string): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE outbox SET recipient = $3, text_body = NULL, html_body = NULL, headers = '{}'::jsonb,
            failed_at = CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN now() ELSE failed_at END,
            last_error = CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 'Not sent: the personal data was erased.'
                              ELSE last_error END
      WHERE grievance_id = $1 AND lower(recipient) = lower($2)
     RETURNING id`,
    [id, email, ERASED_MARKER],
  );
  return rows.length;
}

/** The report's SMS conversation, in and out (the number is in every row). Returns how many messages. */
export async function deleteReportSms(tx: Queryable, id: string): Promise<number> {
  const { rows } = await tx.query("DELETE FROM sms_messages WHERE grievance_id = $1 RETURNING id", [id]);
  return rows.length;
}

/** The report's photos, the row locked until the transaction ends; undefined when there is no such report. */
export async function lockReportPhotos(
  tx: Queryable,
  id: string,
): Promise<{ reference: string; images: StoredImage[] } | undefined> {
  const { rows } = await tx.query<{ reference: string; images: StoredImage[] }>(
    "SELECT reference, images FROM grievances WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0];
}

export async function readReportPhotos(db: Queryable, id: string): Promise<StoredImage[] | undefined> {
  const { rows } = await db.query<{ images: StoredImage[] }>("SELECT images FROM grievances WHERE id = $1", [id]);
  return rows[0]?.images;
}

export async function setReportPhotos(tx: Queryable, id: string, images: StoredImage[]): Promise<void> {
  await tx.query("UPDATE grievances SET images = $2::jsonb WHERE id = $1", [id, JSON.stringify(images)]);
}

// ---- Access on request ----

/** Who is asked about: an address (compared lower-case), or a phone number's last nine digits. */
export type Person = { email: string } | { phoneKey: string };

const byEmail = (person: Person): person is { email: string } => "email" in person;

export interface HeldReport {
  id: string;
  reference: string;
  title: string;
  description: string;
  location: string | null;
  status: string;
  channel: string;
  created_at: Date;
  user_email: string | null;
  user_phone: string | null;
  sms_updates: boolean;
  hidden_at: Date | null;
}

export async function reportsOf(db: Queryable, person: Person): Promise<HeldReport[]> {
  const where = byEmail(person)
    ? "lower(user_email) = lower($1) AND user_email IS NOT NULL"
    : "right(regexp_replace(user_phone, '[^0-9]', '', 'g'), 9) = $1 AND user_phone IS NOT NULL";
  const { rows } = await db.query<HeldReport>(
    `SELECT id, reference, title, description, location, status, channel, created_at, user_email, user_phone,
            sms_updates, hidden_at
       FROM grievances WHERE ${where} ORDER BY created_at`,
    [byEmail(person) ? person.email : person.phoneKey],
  );
  return rows;
}

export interface HeldFollow {
  reference: string;
  email: string;
  is_reporter: boolean;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

export async function followsOf(db: Queryable, email: string): Promise<HeldFollow[]> {
  const { rows } = await db.query<HeldFollow>(
    `SELECT g.reference, f.email, f.is_reporter, f.created_at, f.confirmed_at, f.unsubscribed_at
       FROM followers f JOIN grievances g ON g.id = f.grievance_id
      WHERE lower(f.email) = lower($1) ORDER BY f.created_at`,
    [email],
  );
  return rows;
}

export interface HeldSubscription {
  channel: "email" | "sms";
  address: string;
  locality: string | null;
  latitude: number | null;
  longitude: number | null;
  radius_metres: number | null;
  created_at: Date;
  confirmed_at: Date | null;
  ended_at: Date | null;
}

export async function alertSubscriptionsOf(db: Queryable, person: Person): Promise<HeldSubscription[]> {
  if (byEmail(person)) {
    const { rows } = await db.query<HeldSubscription>(
      `SELECT 'email' AS channel, email AS address, locality, latitude, longitude, radius_metres, created_at,
              confirmed_at, unsubscribed_at AS ended_at
         FROM incident_subscriptions WHERE lower(email) = lower($1) ORDER BY created_at`,
      [person.email],
    );
    return rows;
  }
  const { rows } = await db.query<HeldSubscription>(
    `SELECT 'sms' AS channel, phone AS address, locality, NULL::float8 AS latitude, NULL::float8 AS longitude,
            NULL::integer AS radius_metres, created_at, created_at AS confirmed_at, ended_at
       FROM sms_alert_subscriptions WHERE right(phone, 9) = $1 ORDER BY created_at`,
    [person.phoneKey],
  );
  return rows;
}

export interface HeldEmail {
  reference: string | null;
  recipient: string;
  kind: string;
  subject: string;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
}

export async function emailsTo(db: Queryable, email: string): Promise<HeldEmail[]> {
  const { rows } = await db.query<HeldEmail>(
    `SELECT g.reference, o.recipient, o.kind, o.subject, o.created_at, o.sent_at, o.failed_at
       FROM outbox o LEFT JOIN grievances g ON g.id = o.grievance_id
      WHERE lower(o.recipient) = lower($1) ORDER BY o.created_at`,
    [email],
  );
  return rows;
}

export interface HeldSms {
  reference: string | null;
  direction: "in" | "out";
  phone: string;
  body: string;
  created_at: Date;
  sent_at: Date | null;
  delivery: string | null;
}

export async function smsOf(db: Queryable, phoneKey: string): Promise<HeldSms[]> {
  const { rows } = await db.query<HeldSms>(
    `SELECT g.reference, m.direction, m.phone, m.body, m.created_at, m.sent_at, m.delivery
       FROM sms_messages m LEFT JOIN grievances g ON g.id = m.grievance_id
      WHERE right(m.phone, 9) = $1 ORDER BY m.created_at`,
    [phoneKey],
  );
  return rows;
}

export interface HeldNumber {
  phone: string;
  locale: string;
  stopped_at: Date | null;
  created_at: Date;
}

export async function smsNumbersOf(db: Queryable, phoneKey: string): Promise<HeldNumber[]> {
  const { rows } = await db.query<HeldNumber>(
    "SELECT phone, locale, stopped_at, created_at FROM sms_numbers WHERE right(phone, 9) = $1",
    [phoneKey],
  );
  return rows;
}
