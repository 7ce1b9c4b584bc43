import type { StaffRole } from "#shared/staff/staff-schemas.ts";
import type { Queryable } from "../db/database.ts";

/** Staff accounts: created and disabled from the CLI, read at sign-in. E-mails compare case-insensitively. */

export interface StaffAccount {
  id: string;
  email: string;
  /** Null until the holder of a new account sets one (migration 016); such an account cannot sign in. */
  password_hash: string | null;
  role: StaffRole;
  created_at: Date;
  disabled_at: Date | null;
}

export class DuplicateAccountError extends Error {}

export async function findAccountByEmail(db: Queryable, email: string): Promise<StaffAccount | undefined> {
  const { rows } = await db.query<StaffAccount>(
    "SELECT id, email, password_hash, role, created_at, disabled_at FROM staff_accounts WHERE lower(email) = lower($1)",
    [email.trim()],
  );
  return rows[0];
}

export async function createAccount(
  db: Queryable,
  email: string,
  passwordHash: string | null,
  role: StaffRole = "staff",
): Promise<StaffAccount> {
  try {
    const { rows } = await db.query<StaffAccount>(
      `INSERT INTO staff_accounts (email, password_hash, role) VALUES ($1, $2, $3)
       RETURNING id, email, password_hash, role, created_at, disabled_at`,
      [email.trim(), passwordHash, role],
    );
    return rows[0] as StaffAccount;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new DuplicateAccountError(`A staff account for ${email.trim()} already exists.`);
    }
    throw error;
  }
}

export async function listAccounts(db: Queryable): Promise<Omit<StaffAccount, "password_hash">[]> {
  const { rows } = await db.query<Omit<StaffAccount, "password_hash">>(
    "SELECT id, email, role, created_at, disabled_at FROM staff_accounts ORDER BY lower(email)",
  );
  return rows;
}

/** Disables or enables; disabling also ends the account's sessions at once. False when there is no such account. */
export async function setAccountDisabled(db: Queryable, email: string, disabled: boolean): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE staff_accounts SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) ELSE NULL END
     WHERE lower(email) = lower($1) RETURNING id`,
    [email.trim(), disabled],
  );
  const id = rows[0]?.id;
  if (id === undefined) return false;
  if (disabled) await db.query("DELETE FROM staff_sessions WHERE staff_id = $1", [id]);
  return true;
}

/** Changes an account's role; false when there is no such account. Takes effect on the account's next request. */
export async function setAccountRole(db: Queryable, email: string, role: StaffRole): Promise<boolean> {
  const { rows } = await db.query("UPDATE staff_accounts SET role = $2 WHERE lower(email) = lower($1) RETURNING id", [
    email.trim(),
    role,
  ]);
  return rows.length > 0;
}
