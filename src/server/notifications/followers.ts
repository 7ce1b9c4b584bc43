import { followConfirmPath } from "#shared/notifications/follow.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "../grievances/grievance-sql.ts";
import { newMailToken } from "./mail-tokens.ts";
import { confirmMessage } from "./message-templates.ts";
import { enqueueMessage } from "./outbox.ts";

// Asking again within this time queues no second confirmation: the form cannot be used to flood an address.
const CONFIRMATION_RESEND_MINUTES = 15;

/**
 * A follow request (double opt-in): a new address becomes a pending follower and gets a confirmation message; a
 * pending or unsubscribed one gets a new confirmation (at most one per 15 minutes); a confirmed one gets nothing.
 * The caller answers the same in every case. False when the report does not exist or is hidden. `locale`: the
 * language of the request, in which this follower's messages are worded; asking again in another language changes
 * it whenever a new confirmation is sent (docs/decisions/019-languages.md).
 */
export async function requestFollow(
  db: Database,
  grievanceId: string,
  email: string,
  linkBase: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<boolean> {
  if (!UUID_PATTERN.test(grievanceId)) return false;
  return db.transaction(async (tx) => {
    // FOR SHARE: a hide in flight either comes first (then nothing is queued) or waits for this.
    const report = await tx.query<{ reference: string; title: string }>(
      "SELECT reference, title FROM grievances WHERE id = $1 AND hidden_at IS NULL FOR SHARE",
      [grievanceId],
    );
    const row = report.rows[0];
    if (!row) return false;
    const confirm = newMailToken();
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO followers (grievance_id, email, confirm_token_hash, confirm_sent_at, locale) VALUES ($1, $2, $3, now(), $4)
       ON CONFLICT (grievance_id, lower(email)) DO UPDATE
         SET confirm_token_hash = excluded.confirm_token_hash, confirm_sent_at = now(), locale = excluded.locale
         WHERE (followers.confirmed_at IS NULL OR followers.unsubscribed_at IS NOT NULL)
           AND (followers.confirm_sent_at IS NULL
                OR followers.confirm_sent_at < now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES}))
       RETURNING id::text`,
      [grievanceId, email, confirm.hash, locale],
    );
    const follower = rows[0];
    if (!follower) return true;
    await enqueueMessage(tx, {
      grievanceId,
      followerId: follower.id,
      // Each confirmation is an event of its own (a new token); the resend limit above keeps them few.
      event: `confirm:${confirm.hash.subarray(0, 8).toString("hex")}`,
      recipient: email,
      linkBase,
      compose: (unsubscribeUrl) =>
        confirmMessage(locale, row, `${linkBase}${followConfirmPath(confirm.token)}`, unsubscribeUrl),
    });
    return true;
  });
}

export interface TokenTarget {
  reference: string;
  /** Already done (confirmed, or unsubscribed): the page says so. */
  done: boolean;
}

/** The report a confirmation token is for, or undefined for an unknown token or a hidden report. */
export async function findConfirmation(db: Database, tokenHash: Buffer): Promise<TokenTarget | undefined> {
  const { rows } = await db.query<{ reference: string; done: boolean }>(
    `SELECT g.reference, (f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL) AS done
     FROM followers f JOIN grievances g ON g.id = f.grievance_id
     WHERE f.confirm_token_hash = $1 AND g.hidden_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/** Confirms the follower of this token (and undoes an earlier unsubscribe): from now on updates are sent. */
export async function confirmFollow(db: Database, tokenHash: Buffer): Promise<TokenTarget | undefined> {
  const { rows } = await db.query<{ reference: string }>(
    `UPDATE followers f SET confirmed_at = now(), unsubscribed_at = NULL
     FROM grievances g
     WHERE f.confirm_token_hash = $1 AND g.id = f.grievance_id AND g.hidden_at IS NULL
     RETURNING g.reference`,
    [tokenHash],
  );
  return rows[0] && { reference: rows[0].reference, done: true };
}

/**
 * The follower a message's unsubscribe token belongs to. Hidden reports too: unsubscribing must always work.
 */
export async function findUnsubscribe(db: Database, tokenHash: Buffer): Promise<TokenTarget | undefined> {
  const { rows } = await db.query<{ reference: string; done: boolean }>(
    `SELECT g.reference, (f.unsubscribed_at IS NOT NULL) AS done
     FROM outbox o JOIN followers f ON f.id = o.follower_id JOIN grievances g ON g.id = o.grievance_id
     WHERE o.unsubscribe_token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** Stops every message to that follower about that report, pending ones included. Idempotent. */
export async function unsubscribe(db: Database, tokenHash: Buffer): Promise<TokenTarget | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; reference: string }>(
      `UPDATE followers f SET unsubscribed_at = coalesce(f.unsubscribed_at, now())
       FROM outbox o, grievances g
       WHERE o.unsubscribe_token_hash = $1 AND f.id = o.follower_id AND g.id = o.grievance_id
       RETURNING f.id::text, g.reference`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    await tx.query(
      `UPDATE outbox SET failed_at = now(), last_error = 'Not sent: the recipient unsubscribed.',
              text_body = NULL, html_body = NULL, headers = '{}'::jsonb
       WHERE follower_id = $1 AND sent_at IS NULL AND failed_at IS NULL`,
      [row.id],
    );
    return { reference: row.reference, done: true };
  });
}
