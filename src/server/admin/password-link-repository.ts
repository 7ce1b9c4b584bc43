import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_LINK_HOURS } from "#shared/admin/admin-schemas.ts";
import type { Queryable } from "../db/database.ts";

/**
 * One-time set-password links (migration 016): 32 random bytes in the link, only their SHA-256 stored, valid for
 * PASSWORD_LINK_HOURS and for one use. A new link for an account ends its older ones.
 */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The page a link opens (the web app's route /staff/set-password/:token). */
export const setPasswordPagePath = (token: string) => `/staff/set-password/${encodeURIComponent(token)}`;

export async function createPasswordLink(tx: Queryable, staffId: string): Promise<{ token: string; expiresAt: Date }> {
  await tx.query("UPDATE staff_password_tokens SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL", [staffId]);
  const token = randomBytes(32).toString("base64url");
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO staff_password_tokens (token_hash, staff_id, expires_at)
     VALUES ($1, $2, now() + $3 * interval '1 hour') RETURNING expires_at`,
    [hashToken(token), staffId, PASSWORD_LINK_HOURS],
  );
  return { token, expiresAt: rows[0]!.expires_at };
}

/** The account a live link is for; undefined for an unknown, used or expired link, or a disabled account. */
export async function findPasswordLink(
  db: Queryable,
  token: string,
): Promise<{ staffId: string; email: string; expiresAt: Date } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const { rows } = await db.query<{ staff_id: string; email: string; expires_at: Date }>(
    `SELECT t.staff_id, a.email, t.expires_at FROM staff_password_tokens t JOIN staff_accounts a ON a.id = t.staff_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND a.disabled_at IS NULL`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row && { staffId: row.staff_id, email: row.email, expiresAt: row.expires_at };
}

/** Uses the link: sets the password and ends the link, or undefined when the link is no longer live. */
export async function usePasswordLink(
  tx: Queryable,
  token: string,
  passwordHash: string,
): Promise<{ staffId: string; email: string } | undefined> {
  const link = await findPasswordLink(tx, token);
  if (!link) return undefined;
  const { rows } = await tx.query(
    "UPDATE staff_password_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING staff_id",
    [hashToken(token)],
  );
  if (rows.length === 0) return undefined;
  await tx.query("UPDATE staff_accounts SET password_hash = $2 WHERE id = $1", [link.staffId, passwordHash]);
  // Whoever held the old password is signed out.
  await tx.query("DELETE FROM staff_sessions WHERE staff_id = $1", [link.staffId]);
  return { staffId: link.staffId, email: link.email };
}
