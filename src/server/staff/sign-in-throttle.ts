import type { Queryable } from "../db/database.ts";

/**
 * Failed sign-ins are counted per account (lower-cased e-mail, whether or not it exists) and per client address
 * over a sliding window. At `maxFailures` in the window further attempts are refused until the oldest failure
 * leaves it; before that, each failure beyond the second is answered a little later (slowed down).
 */

export interface ThrottleSettings {
  maxFailures: number;
  windowMinutes: number;
}

export interface ThrottleKeys {
  email: string;
  ip: string;
}

const keysOf = ({ email, ip }: ThrottleKeys): [string, string][] => [
  ["account", email.trim().toLowerCase()],
  ["ip", ip],
];

/** Seconds until another attempt is allowed, or 0 when it is allowed now. */
export async function retryAfterSeconds(db: Queryable, keys: ThrottleKeys, settings: ThrottleSettings): Promise<number> {
  let wait = 0;
  for (const [scope, key] of keysOf(keys)) {
    const { rows } = await db.query<{ failures: number; retry_after: number | null }>(
      `SELECT count(*)::int AS failures,
              -- the failure whose expiry brings the count back under the limit
              ceil(extract(epoch FROM (
                (array_agg(at ORDER BY at DESC))[$4] + $3 * interval '1 minute' - now())))::int AS retry_after
       FROM staff_sign_in_failures
       WHERE scope = $1 AND key = $2 AND at > now() - $3 * interval '1 minute'`,
      [scope, key, settings.windowMinutes, settings.maxFailures],
    );
    const row = rows[0];
    if (row && row.failures >= settings.maxFailures) wait = Math.max(wait, Math.max(1, row.retry_after ?? 1));
  }
  return wait;
}

/** Records one failure under both keys; returns the account's failures now in the window. */
export async function recordFailure(db: Queryable, keys: ThrottleKeys, settings: ThrottleSettings): Promise<number> {
  // Old rows are useless; dropping them here keeps the table small without a separate job.
  await db.query("DELETE FROM staff_sign_in_failures WHERE at <= now() - $1 * interval '1 minute'", [
    settings.windowMinutes,
  ]);
  for (const [scope, key] of keysOf(keys)) {
    await db.query("INSERT INTO staff_sign_in_failures (scope, key) VALUES ($1, $2)", [scope, key]);
  }
  const { rows } = await db.query<{ failures: number }>(
    `SELECT count(*)::int AS failures FROM staff_sign_in_failures
     WHERE scope = 'account' AND key = $1 AND at > now() - $2 * interval '1 minute'`,
    [keysOf(keys)[0]![1], settings.windowMinutes],
  );
  return rows[0]?.failures ?? 0;
}

/** A successful sign-in forgives the account's failures (not the address's: it may be guessing other accounts). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM staff_sign_in_failures WHERE scope = 'account' AND key = $1", [email.trim().toLowerCase()]);
}

/** Delay before answering a failed attempt: none for the first two, then 250 ms more per failure, at most 2 s. */
export function failureDelayMs(failures: number): number {
  return Math.min(2_000, Math.max(0, failures - 2) * 250);
}
