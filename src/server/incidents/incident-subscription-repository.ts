import type { Locale } from "#shared/i18n/locales.ts";
import type { Database, Queryable } from "../db/database.ts";
import { storedLocale } from "../i18n/server-i18n.ts";
import { withdrawPendingMessages } from "../notifications/outbox-repository.ts";
import type { SubscriptionArea } from "./incident-area.ts";

/**
 * Alerts for an area (docs/decisions/021-incidents.md, migration 018): the subscriptions' rows. The double opt-in
 * itself is incident-subscription-workflow.ts.
 */

interface SubscriptionRow {
  id: string;
  email: string;
  locale: string;
  latitude: number | null;
  longitude: number | null;
  radius_metres: number | null;
  locality: string | null;
}

const SUBSCRIPTION_COLUMNS = "s.id::text, s.email, s.locale, s.latitude, s.longitude, s.radius_metres, s.locality";

export function areaOf(
  row: Pick<SubscriptionRow, "latitude" | "longitude" | "radius_metres" | "locality">,
): SubscriptionArea {
  if (row.locality !== null) return { locality: row.locality };
  return { latitude: Number(row.latitude), longitude: Number(row.longitude), radiusMetres: Number(row.radius_metres) };
}

/** One address's requests one after another, until the transaction ends (no unique index can say "same area"). */
export async function lockAddress(tx: Queryable, email: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended(lower($1), 13))", [email]);
}

/**
 * The subscription of this address for this area, if any; `resend` when it is pending or unsubscribed and its last
 * confirmation is older than `resendMinutes`.
 */
export async function findSameArea(
  tx: Queryable,
  email: string,
  area: SubscriptionArea,
  resendMinutes: number,
): Promise<{ id: string; resend: boolean } | undefined> {
  const { rows } = await tx.query<{ id: string; resend: boolean }>(
    `SELECT id::text,
            (confirmed_at IS NULL OR unsubscribed_at IS NOT NULL)
              AND (confirm_sent_at IS NULL
                   OR confirm_sent_at < now() - make_interval(mins => $6::int)) AS resend
     FROM incident_subscriptions
     WHERE lower(email) = lower($1)
       AND (CASE WHEN $2::text IS NULL
                 THEN locality IS NULL AND latitude = $3 AND longitude = $4 AND radius_metres = $5
                 ELSE lower(locality) = lower($2) END)
     ORDER BY id LIMIT 1`,
    [
      email,
      area.locality ?? null,
      area.latitude ?? null,
      area.longitude ?? null,
      area.radiusMetres ?? null,
      resendMinutes,
    ],
  );
  return rows[0];
}

/** A new confirmation token for an existing subscription, in the language asked in now. */
export async function renewConfirmation(tx: Queryable, id: string, tokenHash: Buffer, locale: Locale): Promise<void> {
  await tx.query(
    "UPDATE incident_subscriptions SET confirm_token_hash = $2, confirm_sent_at = now(), locale = $3 WHERE id = $1",
    [id, tokenHash, locale],
  );
}

/** A new pending subscription; returns its id. */
export async function insertSubscription(
  tx: Queryable,
  subscription: { email: string; locale: Locale; area: SubscriptionArea; tokenHash: Buffer },
): Promise<string> {
  const { email, locale, area, tokenHash } = subscription;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incident_subscriptions (email, locale, latitude, longitude, radius_metres, locality,
                                         confirm_token_hash, confirm_sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     RETURNING id::text`,
    [
      email,
      locale,
      area.latitude ?? null,
      area.longitude ?? null,
      area.radiusMetres ?? null,
      area.locality ?? null,
      tokenHash,
    ],
  );
  return rows[0]!.id;
}

export interface SubscriptionTarget {
  area: SubscriptionArea;
  /** Already done (confirmed, or unsubscribed): the page says so. */
  done: boolean;
}

/** The subscription a confirmation token is for, or undefined for an unknown token. */
export async function findAlertsConfirmation(
  db: Queryable,
  tokenHash: Buffer,
): Promise<SubscriptionTarget | undefined> {
  const { rows } = await db.query<SubscriptionRow & { done: boolean }>(
    `SELECT ${SUBSCRIPTION_COLUMNS}, (s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL) AS done
     FROM incident_subscriptions s WHERE s.confirm_token_hash = $1`,
    [tokenHash],
  );
  return rows[0] && { area: areaOf(rows[0]), done: rows[0].done };
}

/** Confirms the subscription of this token (and undoes an earlier unsubscribe): from now on alerts are sent. */
export async function confirmAlerts(db: Queryable, tokenHash: Buffer): Promise<SubscriptionTarget | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE incident_subscriptions s SET confirmed_at = now(), unsubscribed_at = NULL
     WHERE s.confirm_token_hash = $1
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [tokenHash],
  );
  return rows[0] && { area: areaOf(rows[0]), done: true };
}

/** The subscription a message's unsubscribe token belongs to (an alert's or a confirmation's). */
export async function findAlertsUnsubscribe(db: Queryable, tokenHash: Buffer): Promise<SubscriptionTarget | undefined> {
  const { rows } = await db.query<SubscriptionRow & { done: boolean }>(
    `SELECT ${SUBSCRIPTION_COLUMNS}, (s.unsubscribed_at IS NOT NULL) AS done
     FROM outbox o JOIN incident_subscriptions s ON s.id = o.subscription_id
     WHERE o.unsubscribe_token_hash = $1`,
    [tokenHash],
  );
  return rows[0] && { area: areaOf(rows[0]), done: rows[0].done };
}

/** Stops every alert of that subscription, pending ones included. Idempotent. */
export async function unsubscribeAlerts(db: Database, tokenHash: Buffer): Promise<SubscriptionTarget | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<SubscriptionRow>(
      `UPDATE incident_subscriptions s SET unsubscribed_at = coalesce(s.unsubscribed_at, now())
       FROM outbox o
       WHERE o.unsubscribe_token_hash = $1 AND s.id = o.subscription_id
       RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    await withdrawPendingMessages(tx, { subscriptionId: row.id });
    return { area: areaOf(row), done: true };
  });
}

export interface ActiveSubscription {
  id: string;
  email: string;
  locale: Locale;
  area: SubscriptionArea;
}

/** The confirmed, still subscribed subscriptions, oldest first (incident_subscriptions_active_idx). */
export async function activeSubscriptions(tx: Queryable): Promise<ActiveSubscription[]> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM incident_subscriptions s
     WHERE s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL ORDER BY s.id`,
  );
  return rows.map((row) => ({ id: row.id, email: row.email, locale: storedLocale(row.locale), area: areaOf(row) }));
}
