import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/database.ts";

/**
 * API keys for Open311 clients (migration 016). A key is 32 random bytes in base64url with a recognisable
 * prefix; only its SHA-256 is stored, and the key itself is shown once, when it is created.
 */
const KEY_PREFIX = "wgp_";

export interface ApiKeyRow {
  id: string;
  name: string;
  key_prefix: string;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Creates a key; the returned `key` is the only time it exists in clear. */
export async function createApiKey(
  tx: Queryable,
  name: string,
  createdBy: string | null,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const { rows } = await tx.query<ApiKeyRow>(
    `INSERT INTO api_keys (name, key_hash, key_prefix, created_by) VALUES ($1, $2, $3, $4)
     RETURNING id, name, key_prefix, created_at, created_by, revoked_at, last_used_at`,
    [name.trim(), hashKey(key), key.slice(0, KEY_PREFIX.length + 6), createdBy],
  );
  return { row: rows[0] as ApiKeyRow, key };
}

/** The active key behind `key`, marking it used; undefined for an unknown or revoked key. */
export async function verifyApiKey(db: Queryable, key: string): Promise<{ id: string; name: string } | undefined> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return undefined;
  const { rows } = await db.query<{ id: string; name: string }>(
    `UPDATE api_keys SET last_used_at = now() WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id, name`,
    [hashKey(key)],
  );
  return rows[0];
}

export async function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT id, name, key_prefix, created_at, created_by, revoked_at, last_used_at FROM api_keys
     ORDER BY revoked_at IS NOT NULL, created_at DESC`,
  );
  return rows;
}

/** Revokes a key at once; undefined when there is no such active key. */
export async function revokeApiKey(tx: Queryable, id: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await tx.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL
     RETURNING id, name, key_prefix, created_at, created_by, revoked_at, last_used_at`,
    [id],
  );
  return rows[0];
}
