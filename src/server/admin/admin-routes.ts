import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  ADMIN_MESSAGES,
  AUDIT_PAGE_SIZE,
  accountChangeSchema,
  accountListSchema,
  accountSchema,
  apiKeyListSchema,
  apiKeySchema,
  auditPageSchema,
  auditQuerySchema,
  newAccountSchema,
  newApiKeyAnswerSchema,
  newApiKeySchema,
  passwordLinkSchema,
  type AccountView,
  type ApiKeyView,
} from "#shared/admin/admin-schemas.ts";
import { apiErrorSchema } from "#shared/api-schemas/errors.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../staff/require-staff.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from "./api-key-repository.ts";
import { recordAudit, type AuditActor } from "./audit-log.ts";
import { createPasswordLink, setPasswordPagePath } from "./password-links.ts";

export interface AdminRoutesOptions {
  db: Database;
  publicUrl: string | undefined;
}

interface AccountRow {
  id: string;
  email: string;
  role: AccountView["role"];
  created_at: Date;
  disabled_at: Date | null;
  password_set: boolean;
}
const ACCOUNT_COLUMNS = "id, email, role, created_at, disabled_at, password_hash IS NOT NULL AS password_set";

const toAccountView = (row: AccountRow): AccountView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  created_at: row.created_at.toISOString(),
  disabled: row.disabled_at !== null,
  password_set: row.password_set,
});
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const toApiKeyView = (row: ApiKeyRow & { created_by_email?: string | null }): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.key_prefix,
  created_at: row.created_at.toISOString(),
  created_by: row.created_by_email ?? null,
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

const actorOf = (request: FastifyRequest): AuditActor => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * Staff accounts, API keys and the audit log, for administrators (docs/decisions/017). Registered inside the
 * console's guarded scope; every change is recorded in the audit log in its own transaction.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (plugin, { db, publicUrl }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireAdmin);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const idParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, ADMIN_MESSAGES.accountNotFound)) });
  const doc = (operationId: string, summary: string) => ({
    operationId,
    tags: ["admin"],
    summary,
    security: STAFF_SECURITY,
  });

  const issueLink = async (tx: Queryable, request: FastifyRequest, account: AccountRow) => {
    const { token, expiresAt } = await createPasswordLink(tx, account.id);
    await recordAudit(tx, actorOf(request), { action: "account.password_link", target: account.email });
    return {
      account: toAccountView(account),
      link: `${linkBaseOf(request, publicUrl)}${setPasswordPagePath(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  };

  app.get(
    underStaffPrefix(staffApiPaths.adminAccounts),
    { schema: { ...doc("listStaffAccounts", "Every staff account"), response: { 200: accountListSchema, ...errors } } },
    async () => ({
      accounts: (
        await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts ORDER BY lower(email)`)
      ).rows.map(toAccountView),
    }),
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminAccounts),
    {
      schema: {
        ...doc("createStaffAccount", "Create an account; answers its one-time set-password link, to pass on"),
        body: newAccountSchema,
        response: { 201: passwordLinkSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, role } = request.body;
      const answer = await db.transaction(async (tx) => {
        const taken = await tx.query("SELECT 1 FROM staff_accounts WHERE lower(email) = lower($1)", [email]);
        if (taken.rows.length > 0) throw new HttpError(409, ADMIN_MESSAGES.duplicateAccount);
        const { rows } = await tx.query<AccountRow>(
          `INSERT INTO staff_accounts (email, password_hash, role) VALUES ($1, NULL, $2) RETURNING ${ACCOUNT_COLUMNS}`,
          [email, role],
        );
        await recordAudit(tx, actorOf(request), { action: "account.create", target: email, details: { role } });
        return issueLink(tx, request, rows[0]!);
      });
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    underStaffPrefix(staffApiPaths.adminAccount),
    {
      schema: {
        ...doc("updateStaffAccount", "Change an account's role, or disable or enable it (disabling ends its sessions)"),
        params: idParams,
        body: accountChangeSchema,
        response: { 200: accountSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        // Serialises administrators' changes, so two of them cannot each remove "the other" last admin.
        const all = (await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts ORDER BY id FOR UPDATE`))
          .rows;
        const before = all.find((row) => row.id === request.params.id);
        if (!before) throw new HttpError(404, ADMIN_MESSAGES.accountNotFound);
        const role = request.body.role ?? before.role;
        const disabled = request.body.disabled ?? before.disabled_at !== null;
        const activeAdmins = all.filter((row) =>
          row.id === before.id ? role === "admin" && !disabled : row.role === "admin" && row.disabled_at === null,
        );
        if (activeAdmins.length === 0) throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
        const { rows } = await tx.query<AccountRow>(
          `UPDATE staff_accounts SET role = $2,
             disabled_at = CASE WHEN $3 THEN coalesce(disabled_at, now()) ELSE NULL END
           WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
          [before.id, role, disabled],
        );
        const actor = actorOf(request);
        if (role !== before.role) {
          await recordAudit(tx, actor, {
            action: "account.role",
            target: before.email,
            details: { from: before.role, to: role },
          });
        }
        if (disabled !== (before.disabled_at !== null)) {
          if (disabled) await tx.query("DELETE FROM staff_sessions WHERE staff_id = $1", [before.id]);
          await recordAudit(tx, actor, {
            action: disabled ? "account.disable" : "account.enable",
            target: before.email,
          });
        }
        return toAccountView(rows[0]!);
      }),
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminAccountLink),
    {
      schema: {
        ...doc("createPasswordLink", "A new one-time set-password link for an account (older links stop working)"),
        params: idParams,
        response: { 200: passwordLinkSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE id = $1`, [
          request.params.id,
        ]);
        if (!rows[0]) throw new HttpError(404, ADMIN_MESSAGES.accountNotFound);
        return issueLink(tx, request, rows[0]);
      }),
  );

  app.get(
    underStaffPrefix(staffApiPaths.adminApiKeys),
    {
      schema: {
        ...doc("listApiKeys", "Every API key (never the keys themselves)"),
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async () => {
      const keys = await listApiKeys(db);
      const emails = await db.query<{ id: string; email: string }>("SELECT id, email FROM staff_accounts");
      const emailOf = new Map(emails.rows.map((row) => [row.id, row.email]));
      return {
        keys: keys.map((row) =>
          toApiKeyView({ ...row, created_by_email: row.created_by ? emailOf.get(row.created_by) : null }),
        ),
      };
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminApiKeys),
    {
      schema: {
        ...doc("createApiKey", "Create an API key for an Open311 client; the key is in this answer only"),
        body: newApiKeySchema,
        response: { 201: newApiKeyAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await db.transaction(async (tx) => {
        const made = await createApiKey(tx, request.body.name, staffOf(request).staffId);
        await recordAudit(tx, actor, {
          action: "api_key.create",
          target: made.row.name,
          details: { prefix: made.row.key_prefix },
        });
        return made;
      });
      return reply
        .code(201)
        .send({ apiKey: toApiKeyView({ ...created.row, created_by_email: staffOf(request).email }), key: created.key });
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminApiKeyRevoke),
    {
      schema: {
        ...doc("revokeApiKey", "Revoke an API key at once"),
        params: idParams,
        response: { 200: apiKeySchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const revoked = await revokeApiKey(tx, request.params.id);
        if (!revoked) throw new HttpError(404, ADMIN_MESSAGES.keyNotFound);
        await recordAudit(tx, actorOf(request), {
          action: "api_key.revoke",
          target: revoked.name,
          details: { prefix: revoked.key_prefix },
        });
        return toApiKeyView(revoked);
      }),
  );

  app.get(
    underStaffPrefix(staffApiPaths.adminAuditLog),
    {
      schema: {
        ...doc(
          "listAuditLogEntries",
          `The audit log, newest first, ${AUDIT_PAGE_SIZE} at a time (before: the nextBefore of the previous page)`,
        ),
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const before = request.query.before;
      const { rows } = await db.query<{
        id: string;
        at: Date;
        actor: string;
        action: string;
        target: string;
        details: Record<string, unknown>;
      }>(
        `SELECT id::text AS id, at, actor, action, target, details FROM audit_log
         ${before ? "WHERE audit_log.id < $2::bigint" : ""} ORDER BY audit_log.id DESC LIMIT $1`,
        before ? [AUDIT_PAGE_SIZE + 1, before] : [AUDIT_PAGE_SIZE + 1],
      );
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        entries: page.map((row) => ({ ...row, at: row.at.toISOString() })),
        nextBefore: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
      };
    },
  );
};
