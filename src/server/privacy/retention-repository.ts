import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import { RETENTION_MARKER, RETENTION_MARKER_SQL } from "./retention-marker.ts";

/**
 * The retention run's statements (docs/decisions/042-privacy-and-retention.md). Each erasing statement handles at
 * most `limit` rows, so that no lock is held for long; the caller repeats it until a batch comes back short. The
 * conditions repeat migration 043's index predicates word for word, so the planner can prove each index applies.
 * Each count is what the statements would do now, for a dry run.
 */

/** A message handed over or given up: never one still to be sent. */
const SETTLED_EMAIL = "(sent_at IS NOT NULL OR failed_at IS NOT NULL)";
const settledSms = (m: string) => `(${m}.direction = 'in' OR ${m}.sent_at IS NOT NULL OR ${m}.failed_at IS NOT NULL)`;
const HAS_CONTACT = "(user_email IS NOT NULL OR user_phone IS NOT NULL OR sms_updates)";
/** The reports eraseContactBatch erases, `cutoff` being a parameter's placeholder. */
const contactDue = (cutoff: string) => `resolved_at <= ${cutoff} AND ${HAS_CONTACT}`;
const HIDDEN_REPORT_LEFT = `(images <> '[]'::jsonb OR description <> ${RETENTION_MARKER_SQL})`;
const HIDDEN_UPDATE_LEFT = `(images <> '[]'::jsonb OR body <> ${RETENTION_MARKER_SQL})`;

const count = async (db: Queryable, sql: string, params: unknown[]): Promise<number> => {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params);
  return Number(rows[0]?.n ?? 0);
};

// ---- Contact details of resolved reports (RETENTION_CONTACT_DAYS) ----

export interface ContactErasure {
  reports: number;
  followers: number;
  emails: number;
  sms: number;
}

/**
 * One batch of resolved reports: their e-mail address and phone number gone and SMS updates off; with them the
 * reporter's follow, and the addresses and numbers of the e-mail and SMS already handled about these reports. The
 * report, its tracking link and everything public stay.
 */
export async function eraseContactBatch(tx: Queryable, cutoff: Date, limit: number): Promise<ContactErasure> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH batch AS (
       SELECT id FROM grievances WHERE ${contactDue("$1")}
       ORDER BY resolved_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE grievances g SET user_email = NULL, user_phone = NULL, sms_updates = false
     FROM batch WHERE g.id = batch.id RETURNING g.id`,
    [cutoff, limit],
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { reports: 0, followers: 0, emails: 0, sms: 0 };
  const followers = await tx.query(
    "DELETE FROM followers WHERE grievance_id = ANY($1::uuid[]) AND is_reporter RETURNING id",
    [ids],
  );
  const emails = await tx.query(
    `UPDATE outbox SET recipient = NULL, text_body = NULL, html_body = NULL, headers = '{}'::jsonb
     WHERE grievance_id = ANY($1::uuid[]) AND recipient IS NOT NULL AND ${SETTLED_EMAIL} RETURNING id`,
    [ids],
  );
  const sms = await tx.query(
    `UPDATE sms_messages SET phone = NULL, body = $2
     WHERE grievance_id = ANY($1::uuid[]) AND phone IS NOT NULL AND ${settledSms("sms_messages")} RETURNING id`,
    [ids, RETENTION_MARKER],
  );
  return { reports: ids.length, followers: followers.rows.length, emails: emails.rows.length, sms: sms.rows.length };
}

export const countContactDue = (db: Queryable, cutoff: Date) =>
  count(db, `grievances WHERE ${contactDue("$1")}`, [cutoff]);

// ---- Followers and alert subscriptions (RETENTION_FOLLOWERS_DAYS) ----

/** Other people's follows of reports resolved before the cutoff, and follows ended or never confirmed before it. */
const followDue = (cutoff: string) => `NOT f.is_reporter AND (f.unsubscribed_at <= ${cutoff}
  OR (f.confirmed_at IS NULL AND f.created_at <= ${cutoff}) OR g.resolved_at <= ${cutoff})`;

/** The end of the next window of `limit` rows of `table` after id `after` (bigserial ids), or null past the end. */
export async function windowEnd(db: Queryable, table: WindowedTable, after: string, limit: number) {
  const { rows } = await db.query<{ last: string | null }>(
    `SELECT max(id)::text AS last FROM (SELECT id FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2) w`,
    [after, limit],
  );
  return rows[0]?.last ?? null;
}
export type WindowedTable = "followers" | "incident_subscriptions" | "sms_alert_subscriptions";

/** Deletes the due follows among ids (after, last]. */
export async function deleteFollowersIn(db: Queryable, after: string, last: string, cutoff: Date): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM followers f USING grievances g
     WHERE f.id > $1 AND f.id <= $2 AND g.id = f.grievance_id AND ${followDue("$3")} RETURNING f.id`,
    [after, last, cutoff],
  );
  return rows.length;
}

/** Due by followDue, or the reporter's follow of a report whose contact details are due (eraseContactBatch). */
export const countFollowersDue = (db: Queryable, cutoff: Date, contactCutoff: Date) =>
  count(
    db,
    `followers f JOIN grievances g ON g.id = f.grievance_id
     WHERE (${followDue("$1")}) OR (f.is_reporter AND g.id IN (SELECT id FROM grievances WHERE ${contactDue("$2")}))`,
    [cutoff, contactCutoff],
  );

/** E-mail alert subscriptions ended or never confirmed before the cutoff (active ones stay: consent holds). */
const subscriptionDue = (cutoff: string) =>
  `(unsubscribed_at <= ${cutoff} OR (confirmed_at IS NULL AND created_at <= ${cutoff}))`;

export async function deleteSubscriptionsIn(db: Queryable, after: string, last: string, cutoff: Date) {
  const { rows } = await db.query(
    `DELETE FROM incident_subscriptions WHERE id > $1 AND id <= $2 AND ${subscriptionDue("$3")} RETURNING id`,
    [after, last, cutoff],
  );
  return rows.length;
}

export async function deleteSmsSubscriptionsIn(db: Queryable, after: string, last: string, cutoff: Date) {
  const { rows } = await db.query(
    "DELETE FROM sms_alert_subscriptions WHERE id > $1 AND id <= $2 AND ended_at <= $3 RETURNING id",
    [after, last, cutoff],
  );
  return rows.length;
}

export const countSubscriptionsDue = async (db: Queryable, cutoff: Date) =>
  (await count(db, `incident_subscriptions WHERE ${subscriptionDue("$1")}`, [cutoff])) +
  (await count(db, "sms_alert_subscriptions WHERE ended_at <= $1", [cutoff]));

// ---- Hidden reports and hidden reporter updates (RETENTION_HIDDEN_DAYS, RETENTION_HIDDEN_UPDATES_DAYS) ----

/**
 * One batch of reports hidden before the cutoff: title and description replaced by the marker, the photo list
 * emptied. Returns the photos, for the caller to delete from storage once this has committed.
 */
export async function eraseHiddenReportsBatch(tx: Queryable, cutoff: Date, limit: number): Promise<StoredImage[][]> {
  const { rows } = await tx.query<{ images: StoredImage[] }>(
    `WITH batch AS (
       SELECT id, images FROM grievances WHERE hidden_at <= $1 AND hidden_at IS NOT NULL AND ${HIDDEN_REPORT_LEFT}
       ORDER BY hidden_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE grievances g SET title = $3, description = $3, images = '[]'::jsonb
     FROM batch WHERE g.id = batch.id RETURNING batch.images`,
    [cutoff, limit, RETENTION_MARKER],
  );
  return rows.map((row) => row.images);
}

/** Rows due and the photos they hold. */
async function countWithPhotos(db: Queryable, from: string, params: unknown[]) {
  const { rows } = await db.query<{ n: string; photos: string }>(
    `SELECT count(*)::text AS n, coalesce(sum(jsonb_array_length(images)), 0)::text AS photos FROM ${from}`,
    params,
  );
  return { rows: Number(rows[0]?.n ?? 0), photos: Number(rows[0]?.photos ?? 0) };
}

export const countHiddenReportsDue = (db: Queryable, cutoff: Date) =>
  countWithPhotos(db, `grievances WHERE hidden_at <= $1 AND hidden_at IS NOT NULL AND ${HIDDEN_REPORT_LEFT}`, [cutoff]);

/** As eraseHiddenReportsBatch, for the reporter's updates staff hid. */
export async function eraseHiddenUpdatesBatch(tx: Queryable, cutoff: Date, limit: number): Promise<StoredImage[][]> {
  const { rows } = await tx.query<{ images: StoredImage[] }>(
    `WITH batch AS (
       SELECT id, images FROM reporter_updates WHERE hidden_at <= $1 AND hidden_at IS NOT NULL AND ${HIDDEN_UPDATE_LEFT}
       ORDER BY hidden_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE reporter_updates u SET body = $3, images = '[]'::jsonb
     FROM batch WHERE u.id = batch.id RETURNING batch.images`,
    [cutoff, limit, RETENTION_MARKER],
  );
  return rows.map((row) => row.images);
}

export const countHiddenUpdatesDue = (db: Queryable, cutoff: Date) =>
  countWithPhotos(db, `reporter_updates WHERE hidden_at <= $1 AND hidden_at IS NOT NULL AND ${HIDDEN_UPDATE_LEFT}`, [
    cutoff,
  ]);

// ---- The audit log (RETENTION_AUDIT_DAYS) ----

export async function deleteAuditBatch(tx: Queryable, cutoff: Date, limit: number): Promise<number> {
  const { rows } = await tx.query(
    "DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at <= $1 ORDER BY at LIMIT $2) RETURNING id",
    [cutoff, limit],
  );
  return rows.length;
}

export const countAuditDue = (db: Queryable, cutoff: Date) => count(db, "audit_log WHERE at <= $1", [cutoff]);

// ---- SMS and e-mail recipients (RETENTION_SMS_DAYS, RETENTION_EMAIL_DAYS) ----

/** Handled SMS older than the cutoff, but those about a report still open (its conversation is still needed). */
const SMS_DUE = `m.phone IS NOT NULL AND m.created_at <= $1 AND ${settledSms("m")}
  AND NOT EXISTS (SELECT 1 FROM grievances g WHERE g.id = m.grievance_id AND g.status <> 'resolved')`;

export async function eraseSmsBatch(tx: Queryable, cutoff: Date, limit: number): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE sms_messages SET phone = NULL, body = $3
     WHERE id IN (SELECT m.id FROM sms_messages m WHERE ${SMS_DUE} ORDER BY m.created_at LIMIT $2) RETURNING id`,
    [cutoff, limit, RETENTION_MARKER],
  );
  return rows.length;
}

/** Due by age, or about a report whose contact details are due (as eraseContactBatch erases them). */
export const countSmsDue = (db: Queryable, cutoff: Date, contactCutoff: Date) =>
  count(
    db,
    `sms_messages m WHERE (${SMS_DUE}) OR (m.phone IS NOT NULL AND ${settledSms("m")}
       AND m.grievance_id IN (SELECT id FROM grievances WHERE ${contactDue("$2")}))`,
    [cutoff, contactCutoff],
  );

const EMAIL_DUE = `recipient IS NOT NULL AND ${SETTLED_EMAIL} AND created_at <= $1`;

export async function eraseEmailBatch(tx: Queryable, cutoff: Date, limit: number): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE outbox SET recipient = NULL, text_body = NULL, html_body = NULL, headers = '{}'::jsonb
     WHERE id IN (SELECT id FROM outbox WHERE ${EMAIL_DUE} ORDER BY created_at LIMIT $2) RETURNING id`,
    [cutoff, limit],
  );
  return rows.length;
}

export const countEmailDue = (db: Queryable, cutoff: Date, contactCutoff: Date) =>
  count(
    db,
    `outbox o WHERE (${EMAIL_DUE}) OR (recipient IS NOT NULL AND ${SETTLED_EMAIL}
       AND o.grievance_id IN (SELECT id FROM grievances WHERE ${contactDue("$2")}))`,
    [cutoff, contactCutoff],
  );
