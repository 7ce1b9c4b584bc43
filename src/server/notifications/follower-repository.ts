import type { Locale } from "#shared/i18n/locales.ts";
import type { Database, Queryable } from "../db/database.ts";
import { withdrawPendingMessages } from "./outbox-repository.ts";

/** Followers of a report (double opt-in; the reporter follows from the submit) and their tokens' targets. */

/** A visible report's reference and title, locked FOR SHARE: a hide in flight either comes first or waits. */
export async function shareLockVisibleReport(
  tx: Queryable,
  grievanceId: string,
): Promise<{ reference: string; title: string } | undefined> {
  const { rows } = await tx.query<{ reference: string; title: string }>(
    "SELECT reference, title FROM grievances WHERE id = $1 AND hidden_at IS NULL FOR SHARE",
    [grievanceId],
  );
  return rows[0];
}

/**
 * A pending follower with a new confirmation token, or a new token for a pending or unsubscribed one whose last
 * confirmation is older than `resendMinutes`. Returns its id; undefined when nothing is to be sent (confirmed, or
 * asked again too soon).
 */
export async function upsertPendingFollower(
  tx: Queryable,
  follower: { grievanceId: string; email: string; tokenHash: Buffer; locale: Locale },
  resendMinutes: number,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO followers (grievance_id, email, confirm_token_hash, confirm_sent_at, locale) VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (grievance_id, lower(email)) DO UPDATE
       SET confirm_token_hash = excluded.confirm_token_hash, confirm_sent_at = now(), locale = excluded.locale
       WHERE (followers.confirmed_at IS NULL OR followers.unsubscribed_at IS NOT NULL)
         AND (followers.confirm_sent_at IS NULL
              OR followers.confirm_sent_at < now() - make_interval(mins => $5::int))
     RETURNING id::text`,
    [follower.grievanceId, follower.email, follower.tokenHash, follower.locale, resendMinutes],
  );
  return rows[0]?.id;
}

/** The reporter, confirmed from the start (they typed the address into the report); undefined when already there. */
export async function insertReporterFollower(
  tx: Queryable,
  report: { id: string; email: string; locale: Locale },
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, $2, true, now(), $3)
     ON CONFLICT (grievance_id, lower(email)) DO NOTHING RETURNING id::text`,
    [report.id, report.email, report.locale],
  );
  return rows[0]?.id;
}

export interface FollowerToTell {
  id: string;
  email: string;
  is_reporter: boolean;
  locale: string;
  reference: string;
  title: string;
}

/** The confirmed, not unsubscribed followers of a visible report, but `exceptEmail`; none for a hidden report. */
export async function followersToTell(
  tx: Queryable,
  grievanceId: string,
  exceptEmail: string | undefined,
): Promise<FollowerToTell[]> {
  const { rows } = await tx.query<FollowerToTell>(
    `SELECT f.id::text, f.email, f.is_reporter, f.locale, g.reference, g.title
     FROM followers f JOIN grievances g ON g.id = f.grievance_id
     WHERE f.grievance_id = $1 AND g.hidden_at IS NULL
       AND f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL
       AND ($2::text IS NULL OR lower(f.email) <> lower($2::text))
     ORDER BY f.id`,
    [grievanceId, exceptEmail ?? null],
  );
  return rows;
}

export interface TokenTarget {
  reference: string;
  /** Already done (confirmed, or unsubscribed): the page says so. */
  done: boolean;
}

/** The report a confirmation token is for, or undefined for an unknown token or a hidden report. */
export async function findConfirmation(db: Queryable, tokenHash: Buffer): Promise<TokenTarget | undefined> {
  const { rows } = await db.query<{ reference: string; done: boolean }>(
    `SELECT g.reference, (f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL) AS done
     FROM followers f JOIN grievances g ON g.id = f.grievance_id
     WHERE f.confirm_token_hash = $1 AND g.hidden_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/** Confirms the follower of this token (and undoes an earlier unsubscribe): from now on updates are sent. */
export async function confirmFollow(db: Queryable, tokenHash: Buffer): Promise<TokenTarget | undefined> {
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
export async function findUnsubscribe(db: Queryable, tokenHash: Buffer): Promise<TokenTarget | undefined> {
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
    await withdrawPendingMessages(tx, { followerId: row.id });
    return { reference: row.reference, done: true };
  });
}
