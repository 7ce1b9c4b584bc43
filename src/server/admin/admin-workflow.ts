import { ADMIN_MESSAGES, AUDIT_PAGE_SIZE, type AccountView, type ApiKeyView } from "#shared/admin/admin-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from "./api-key-repository.ts";
import { listAuditEntries, recordAudit, type AuditActor } from "./audit-log-repository.ts";
import { hashPassword } from "../auth/password.ts";
import {
  createPasswordLink,
  findPasswordLink,
  setPasswordPagePath,
  usePasswordLink,
} from "./password-link-repository.ts";
import {
  accountEmails,
  emailTaken,
  endSessionsOf,
  findAccountRow,
  insertAccount,
  listAccountRows,
  lockAllAccounts,
  updateAccount,
  type AccountRow,
} from "./staff-account-admin-repository.ts";

/**
 * What administrators do (docs/decisions/017-categories-roles-and-open311.md): staff accounts, their one-time
 * set-password links, API keys and the audit log. Every change is recorded in the audit log in the change's own
 * transaction, so the two are stored together or not at all.
 */

const toAccountView = (row: AccountRow): AccountView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  created_at: row.created_at.toISOString(),
  disabled: row.disabled_at !== null,
  password_set: row.password_set,
});
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const toApiKeyView = (row: ApiKeyRow, createdByEmail: string | null | undefined): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.key_prefix,
  created_at: row.created_at.toISOString(),
  created_by: createdByEmail ?? null,
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

export interface PasswordLinkAnswer {
  account: AccountView;
  link: string;
  expiresAt: string;
}

/** `linkBase`: the portal's address as the administrator reaches it (tracking-url.ts linkBaseOf). */
async function issueLink(tx: Queryable, actor: AuditActor, account: AccountRow, linkBase: string) {
  const { token, expiresAt } = await createPasswordLink(tx, account.id);
  await recordAudit(tx, actor, { action: "account.password_link", target: account.email });
  return {
    account: toAccountView(account),
    link: `${linkBase}${setPasswordPagePath(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The holder of a one-time link sets the account's password (and the link ends, and so do the account's sessions);
 * undefined when the link is unknown, used or expired. The password is hashed only for a live link.
 */
export async function setPasswordWithLink(
  db: Database,
  token: string,
  password: string,
): Promise<{ email: string } | undefined> {
  if (!(await findPasswordLink(db, token))) return undefined;
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const account = await usePasswordLink(tx, token, hash);
    if (!account) return undefined;
    await recordAudit(
      tx,
      { id: account.staffId, email: account.email },
      { action: "account.password_set", target: account.email },
    );
    return { email: account.email };
  });
}

export async function listAccounts(db: Queryable): Promise<AccountView[]> {
  return (await listAccountRows(db)).map(toAccountView);
}

export async function createAccount(
  db: Database,
  actor: AuditActor,
  { email, role }: { email: string; role: AccountView["role"] },
  linkBase: string,
): Promise<PasswordLinkAnswer> {
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, email)) throw new HttpError(409, ADMIN_MESSAGES.duplicateAccount);
    const row = await insertAccount(tx, email, role);
    await recordAudit(tx, actor, { action: "account.create", target: email, details: { role } });
    return issueLink(tx, actor, row, linkBase);
  });
}

/** Changes an account's role or disables / enables it (disabling ends its sessions); never the last active admin. */
export async function changeAccount(
  db: Database,
  actor: AuditActor,
  id: string,
  change: { role?: AccountView["role"] | undefined; disabled?: boolean | undefined },
): Promise<AccountView> {
  return db.transaction(async (tx) => {
    const all = await lockAllAccounts(tx);
    const before = all.find((row) => row.id === id);
    if (!before) throw new HttpError(404, ADMIN_MESSAGES.accountNotFound);
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled_at !== null;
    const activeAdmins = all.filter((row) =>
      row.id === before.id ? role === "admin" && !disabled : row.role === "admin" && row.disabled_at === null,
    );
    if (activeAdmins.length === 0) throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
    const after = await updateAccount(tx, before.id, role, disabled);
    if (role !== before.role) {
      await recordAudit(tx, actor, {
        action: "account.role",
        target: before.email,
        details: { from: before.role, to: role },
      });
    }
    if (disabled !== (before.disabled_at !== null)) {
      if (disabled) await endSessionsOf(tx, before.id);
      await recordAudit(tx, actor, { action: disabled ? "account.disable" : "account.enable", target: before.email });
    }
    return toAccountView(after);
  });
}

/** A new one-time set-password link for an account (older links stop working). */
export async function newPasswordLink(
  db: Database,
  actor: AuditActor,
  id: string,
  linkBase: string,
): Promise<PasswordLinkAnswer> {
  return db.transaction(async (tx) => {
    const account = await findAccountRow(tx, id);
    if (!account) throw new HttpError(404, ADMIN_MESSAGES.accountNotFound);
    return issueLink(tx, actor, account, linkBase);
  });
}

export async function listKeys(db: Queryable): Promise<ApiKeyView[]> {
  const keys = await listApiKeys(db);
  const emailOf = await accountEmails(db);
  return keys.map((row) => toApiKeyView(row, row.created_by ? emailOf.get(row.created_by) : null));
}

/** Creates a key for an Open311 client; the answer's `key` is the only time it exists in clear. */
export async function createKey(
  db: Database,
  actor: { id: string; email: string },
  name: string,
): Promise<{ apiKey: ApiKeyView; key: string }> {
  const created = await db.transaction(async (tx) => {
    const made = await createApiKey(tx, name, actor.id);
    await recordAudit(tx, actor, {
      action: "api_key.create",
      target: made.row.name,
      details: { prefix: made.row.key_prefix },
    });
    return made;
  });
  return { apiKey: toApiKeyView(created.row, actor.email), key: created.key };
}

export async function revokeKey(db: Database, actor: AuditActor, id: string): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, id);
    if (!revoked) throw new HttpError(404, ADMIN_MESSAGES.keyNotFound);
    await recordAudit(tx, actor, {
      action: "api_key.revoke",
      target: revoked.name,
      details: { prefix: revoked.key_prefix },
    });
    return toApiKeyView(revoked, undefined);
  });
}

/** One page of the audit log, newest first; `nextBefore` continues it. */
export async function auditPage(db: Queryable, before: string | undefined) {
  const rows = await listAuditEntries(db, AUDIT_PAGE_SIZE + 1, before);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextBefore: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}
