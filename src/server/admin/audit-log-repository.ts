import type { Queryable } from "../db/database.ts";

/**
 * Who acted: a signed-in staff member, or an operator at the command line (npm run staff). The portal itself
 * ("system") and a reporter on their private page ("reporter") act too, through recordAudit.
 */
export type AuditActor = { id: string; email: string } | "command line";

export interface AuditEntry {
  /** `<thing>.<verb>`, e.g. `category.create`, `account.disable`, `api_key.revoke`. */
  action: string;
  /** What was acted on, as people know it: a category's service code, an account's e-mail, a key's name. */
  target: string;
  /** What changed, e.g. `{ from: "Other", to: "Something else" }`. Never a password, token or key. */
  details?: Record<string, unknown>;
}

/**
 * Records an administrative action. Call it with the transaction that makes the change, so that the change and
 * its record are stored together or not at all. "system": the portal itself, escalating a missed target
 * (docs/decisions/030-service-targets-and-escalation.md).
 */
export async function recordAudit(
  tx: Queryable,
  actor: AuditActor | "system" | "reporter",
  entry: AuditEntry,
): Promise<void> {
  await tx.query("INSERT INTO audit_log (actor_id, actor, action, target, details) VALUES ($1, $2, $3, $4, $5)", [
    typeof actor === "string" ? null : actor.id,
    typeof actor === "string" ? actor : actor.email,
    entry.action,
    entry.target,
    JSON.stringify(entry.details ?? {}),
  ]);
}

export interface AuditRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

/** Up to `limit` entries, newest first, older than the entry `before` when given. */
export async function listAuditEntries(db: Queryable, limit: number, before: string | undefined): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, at, actor, action, target, details FROM audit_log
     ${before ? "WHERE audit_log.id < $2::bigint" : ""} ORDER BY audit_log.id DESC LIMIT $1`,
    before ? [limit, before] : [limit],
  );
  return rows;
}
