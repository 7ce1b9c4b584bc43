import type { AccountView } from "#shared/admin/admin-schemas.ts";
import type { Queryable } from "../db/database.ts";

/** Staff accounts as the administrators' pages see and change them (the CLI's own queries: account-repository.ts). */

export interface AccountRow {
  id: string;
  email: string;
  role: AccountView["role"];
  created_at: Date;
  disabled_at: Date | null;
  password_set: boolean;
}
const ACCOUNT_COLUMNS = "id, email, role, created_at, disabled_at, password_hash IS NOT NULL AS password_set";

export async function listAccountRows(db: Queryable): Promise<AccountRow[]> {
  return (await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts ORDER BY lower(email)`)).rows;
}

export async function emailTaken(tx: Queryable, email: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM staff_accounts WHERE lower(email) = lower($1)", [email]);
  return rows.length > 0;
}

/** A new account without a password: its holder sets one through a one-time link. */
export async function insertAccount(tx: Queryable, email: string, role: AccountView["role"]): Promise<AccountRow> {
  const { rows } = await tx.query<AccountRow>(
    `INSERT INTO staff_accounts (email, password_hash, role) VALUES ($1, NULL, $2) RETURNING ${ACCOUNT_COLUMNS}`,
    [email, role],
  );
  return rows[0]!;
}

/**
 * Every account, locked until the transaction ends: serialises administrators' changes, so two of them cannot
 * each remove "the other" last admin.
 */
export async function lockAllAccounts(tx: Queryable): Promise<AccountRow[]> {
  return (await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts ORDER BY id FOR UPDATE`)).rows;
}

export async function updateAccount(
  tx: Queryable,
  id: string,
  role: AccountView["role"],
  disabled: boolean,
): Promise<AccountRow> {
  const { rows } = await tx.query<AccountRow>(
    `UPDATE staff_accounts SET role = $2,
       disabled_at = CASE WHEN $3 THEN coalesce(disabled_at, now()) ELSE NULL END
     WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
    [id, role, disabled],
  );
  return rows[0]!;
}

/** Signs the account out everywhere at once. */
export async function endSessionsOf(tx: Queryable, staffId: string): Promise<void> {
  await tx.query("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId]);
}

export async function findAccountRow(db: Queryable, id: string): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE id = $1`, [id]);
  return rows[0];
}

/** Every account's e-mail by id (to name who created each API key). */
export async function accountEmails(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; email: string }>("SELECT id, email FROM staff_accounts");
  return new Map(rows.map((row) => [row.id, row.email]));
}
