import type { TechnicianLink } from "#shared/field/field.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Technicians' one-time links (table technician_links, migrations/033_technician_links.sql): only the token's hash
 * is stored. Times are compared with the portal's clock, passed in (`now`), so that the tests can move it.
 */

interface LinkRow {
  id: string;
  grievance_id: string;
  email: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  used_at: Date | null;
  created_by: string | null;
}

/** A link found by its token, with where it stands at `now`. */
export interface FoundLink extends LinkRow {
  state: TechnicianLink["state"];
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** Used first: a spent link says so even once its 72 hours are over; then revoked, then expired. */
function stateOf(row: LinkRow, now: Date): TechnicianLink["state"] {
  if (row.used_at) return "used";
  if (row.revoked_at) return "revoked";
  return new Date(row.expires_at).getTime() <= now.getTime() ? "expired" : "active";
}

export async function insertTechnicianLink(
  tx: Queryable,
  link: { grievanceId: string; email: string; tokenHash: Uint8Array; staffId: string; now: Date; expiresAt: Date },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO technician_links (grievance_id, email, token_hash, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [link.grievanceId, link.email, link.tokenHash, link.staffId, link.now, link.expiresAt],
  );
  return rows[0]!.id;
}

const SELECT_LINK = `SELECT l.id, l.grievance_id, l.email, l.created_at, l.expires_at, l.revoked_at, l.used_at,
                            a.email AS created_by
                     FROM technician_links l LEFT JOIN staff_accounts a ON a.id = l.created_by`;

/** A report's links, newest first, as staff see them. */
export async function listTechnicianLinks(db: Queryable, grievanceId: string, now: Date): Promise<TechnicianLink[]> {
  const { rows } = await db.query<LinkRow>(
    `${SELECT_LINK} WHERE l.grievance_id = $1 ORDER BY l.created_at DESC, l.id`,
    [grievanceId],
  );
  return rows.map((row) => toLinkView(row, now));
}

export async function findTechnicianLink(
  db: Queryable,
  grievanceId: string,
  linkId: string,
  now: Date,
): Promise<TechnicianLink | undefined> {
  const { rows } = await db.query<LinkRow>(`${SELECT_LINK} WHERE l.grievance_id = $1 AND l.id = $2`, [
    grievanceId,
    linkId,
  ]);
  return rows[0] && toLinkView(rows[0], now);
}

/**
 * The link of a token's hash; `lock`: FOR UPDATE, so that a note and "fixed", or two "fixed", through one link are
 * serialised and the second sees the first's result.
 */
export async function findLinkByTokenHash(
  db: Queryable,
  tokenHash: Uint8Array,
  now: Date,
  lock = false,
): Promise<FoundLink | undefined> {
  const { rows } = await db.query<LinkRow>(
    `SELECT id, grievance_id, email, created_at, expires_at, revoked_at, used_at, NULL AS created_by
     FROM technician_links WHERE token_hash = $1 ${lock ? "FOR UPDATE" : ""}`,
    [tokenHash],
  );
  const row = rows[0];
  return row && { ...row, state: stateOf(row, now) };
}

/** Withdraws a link that still works; false when it was already used, revoked or expired. */
export async function revokeTechnicianLink(
  tx: Queryable,
  linkId: string,
  staffId: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE technician_links SET revoked_at = $3, revoked_by = $2
     WHERE id = $1 AND revoked_at IS NULL AND used_at IS NULL AND expires_at > $3 RETURNING id`,
    [linkId, staffId, now],
  );
  return rows.length > 0;
}

/** The job is done: every link of the report that still works is spent (docs/decisions/031-technician-links.md). */
export async function spendLinksOfReport(tx: Queryable, grievanceId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE technician_links SET used_at = $2
     WHERE grievance_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2`,
    [grievanceId, now],
  );
}

function toLinkView(row: LinkRow, now: Date): TechnicianLink {
  return {
    id: row.id,
    email: row.email,
    state: stateOf(row, now),
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at)!,
    revokedAt: iso(row.revoked_at),
    usedAt: iso(row.used_at),
    createdBy: row.created_by,
  };
}
