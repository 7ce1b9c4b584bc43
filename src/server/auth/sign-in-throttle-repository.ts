import type { Database, Queryable } from "../db/database.ts";

/**
 * Failed sign-ins are counted under three keys (table staff_sign_in_counters, migration 020):
 * - the account from one address ("pair": lower-cased e-mail, whether or not it exists, and the client address),
 *   with the lowest ceiling: five wrong passwords from one place stop that place;
 * - the account from anywhere, with a higher ceiling: a guesser spread over many addresses is stopped too, while
 *   five failures from one address do not lock the owner out from elsewhere;
 * - the address across accounts: one place trying many accounts.
 * Reaching any ceiling refuses further attempts until that key's window ends (`windowMinutes` from its first
 * failure).
 *
 * Checking and counting are one step, shared by every instance on the database: an attempt first *reserves* a
 * failure under all three keys, in one transaction that locks their rows, and is refused (nothing counted) if any is
 * at its ceiling. Only a reserved attempt has its password checked, so however many arrive at once, at most the
 * ceiling are checked. A success gives the reservation back (and forgives the account's failures); a failure keeps
 * it. Time is the database's clock, so instances agree, unless `now` is given (tests move it).
 */

export interface ThrottleSettings {
  /** Failures of one account from one address. */
  maxFailures: number;
  /** Failures of one account from every address together. */
  maxAccountFailures: number;
  /** Failures from one address across every account. */
  maxAddressFailures: number;
  windowMinutes: number;
  /** The clock; undefined: the database's now(). */
  now?: (() => Date) | undefined;
}

export interface ThrottleKeys {
  email: string;
  ip: string;
}

type Scope = "pair" | "account" | "address";

const keysOf = ({ email, ip }: ThrottleKeys): { scope: Scope; key: string }[] => {
  const account = email.trim().toLowerCase();
  // In one fixed order (scope, then key): transactions lock rows in the same order and cannot deadlock.
  return [
    { scope: "account" as const, key: account },
    { scope: "address" as const, key: ip },
    { scope: "pair" as const, key: `${account} ${ip}` },
  ];
};

const ceilingOf = (scope: Scope, settings: ThrottleSettings): number =>
  scope === "pair"
    ? settings.maxFailures
    : scope === "account"
      ? settings.maxAccountFailures
      : settings.maxAddressFailures;

const clockOf = (settings: ThrottleSettings): string | null => settings.now?.().toISOString() ?? null;

export type Reservation =
  | {
      reserved: true;
      keys: ThrottleKeys;
      /** This account's failures from this address, this attempt included. */ failures: number;
    }
  | { reserved: false; /** Seconds until an attempt is allowed again. */ retryAfterSeconds: number };

/** Reserves one failure under the three keys, or answers how long to wait if any is at its ceiling. */
export async function reserveAttempt(
  db: Database,
  keys: ThrottleKeys,
  settings: ThrottleSettings,
): Promise<Reservation> {
  const rows = keysOf(keys);
  const at = clockOf(settings);
  return db.transaction(async (tx) => {
    // The upsert creates each row if missing and locks it (a no-op DO UPDATE locks the row it conflicts with), so a
    // concurrent attempt on another instance waits here until this one has counted, then reads the new count.
    const { rows: current } = await tx.query<{ scope: Scope; failures: number; wait: number }>(
      `INSERT INTO staff_sign_in_counters AS c (scope, key)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (scope, key) DO UPDATE SET failures = c.failures
       RETURNING c.scope,
                 CASE WHEN c.window_ends <= coalesce($3::timestamptz, now()) THEN 0 ELSE c.failures END AS failures,
                 CASE WHEN c.window_ends <= coalesce($3::timestamptz, now()) THEN 0
                      ELSE greatest(1, ceil(extract(epoch FROM c.window_ends - coalesce($3::timestamptz, now()))))::int END AS wait`,
      [rows.map((r) => r.scope), rows.map((r) => r.key), at],
    );
    const full = current.filter((row) => row.failures >= ceilingOf(row.scope, settings));
    if (full.length > 0) return { reserved: false, retryAfterSeconds: Math.max(...full.map((row) => row.wait)) };
    const { rows: counted } = await tx.query<{ scope: Scope; failures: number }>(
      `UPDATE staff_sign_in_counters AS c SET
         failures = CASE WHEN c.window_ends <= coalesce($3::timestamptz, now()) THEN 1 ELSE c.failures + 1 END,
         window_ends = CASE WHEN c.window_ends <= coalesce($3::timestamptz, now())
                            THEN coalesce($3::timestamptz, now()) + $4 * interval '1 minute' ELSE c.window_ends END
       FROM unnest($1::text[], $2::text[]) AS k(scope, key)
       WHERE c.scope = k.scope AND c.key = k.key
       RETURNING c.scope, c.failures`,
      [rows.map((r) => r.scope), rows.map((r) => r.key), at, settings.windowMinutes],
    );
    return { reserved: true, keys, failures: counted.find((row) => row.scope === "pair")?.failures ?? 1 };
  });
}

/**
 * The password was right: the reservation is given back, and the account's failures are forgiven, from this
 * address and from everywhere (not the address's across accounts: it may be guessing other accounts).
 */
export async function forgiveAttempt(db: Queryable, keys: ThrottleKeys): Promise<void> {
  const rows = keysOf(keys);
  await db.query(
    `UPDATE staff_sign_in_counters AS c SET failures = CASE WHEN c.scope = 'address' THEN greatest(0, c.failures - 1) ELSE 0 END
     FROM unnest($1::text[], $2::text[]) AS k(scope, key)
     WHERE c.scope = k.scope AND c.key = k.key`,
    [rows.map((r) => r.scope), rows.map((r) => r.key)],
  );
}

/** The attempt ended without an answer on the password (an error): the reservation is given back. */
export async function releaseAttempt(db: Queryable, keys: ThrottleKeys): Promise<void> {
  const rows = keysOf(keys);
  await db.query(
    `UPDATE staff_sign_in_counters AS c SET failures = greatest(0, c.failures - 1)
     FROM unnest($1::text[], $2::text[]) AS k(scope, key)
     WHERE c.scope = k.scope AND c.key = k.key`,
    [rows.map((r) => r.scope), rows.map((r) => r.key)],
  );
}

/** Removes counters whose window ended long ago: they count nothing any more (called after a failure). */
export async function deleteEndedCounters(db: Queryable, settings: ThrottleSettings): Promise<void> {
  await db.query(
    "DELETE FROM staff_sign_in_counters WHERE window_ends <= coalesce($1::timestamptz, now()) - $2 * interval '1 minute'",
    [clockOf(settings), settings.windowMinutes],
  );
}

/** Delay before answering a failed attempt: none for the first two, then 250 ms more per failure, at most 2 s. */
export function failureDelayMs(failures: number): number {
  return Math.min(2_000, Math.max(0, failures - 2) * 250);
}
