import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
} from "#shared/admin/admin-schemas.ts";
import { apiErrorSchema } from "#shared/api-schemas/errors.ts";
import { idSchema } from "#shared/ids.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import {
  auditPage,
  changeAccount,
  createAccount,
  createKey,
  listAccounts,
  listKeys,
  newPasswordLink,
  revokeKey,
} from "./admin-workflow.ts";
import type { AuditActor } from "./audit-log-repository.ts";

export interface AdminRoutesOptions {
  db: Database;
  publicUrl: string | undefined;
}

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
  const idParams = z.object({ id: idSchema(ADMIN_MESSAGES.accountNotFound) });
  const keyParams = z.object({ id: idSchema(ADMIN_MESSAGES.keyNotFound) });
  const doc = (operationId: string, summary: string) => ({
    operationId,
    tags: ["admin"],
    summary,
    security: STAFF_SECURITY,
  });

  const linkBase = (request: FastifyRequest) => linkBaseOf(request, publicUrl);

  app.get(
    underStaffPrefix(staffApiPaths.adminAccounts),
    { schema: { ...doc("listStaffAccounts", "Every staff account"), response: { 200: accountListSchema, ...errors } } },
    async () => ({ accounts: await listAccounts(db) }),
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
    async (request, reply) =>
      reply.code(201).send(await createAccount(db, actorOf(request), request.body, linkBase(request))),
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
    async (request) => changeAccount(db, actorOf(request), request.params.id, request.body),
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
    async (request) => newPasswordLink(db, actorOf(request), request.params.id, linkBase(request)),
  );

  app.get(
    underStaffPrefix(staffApiPaths.adminApiKeys),
    {
      schema: {
        ...doc("listApiKeys", "Every API key (never the keys themselves)"),
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async () => ({ keys: await listKeys(db) }),
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
      const staff = staffOf(request);
      return reply.code(201).send(await createKey(db, { id: staff.staffId, email: staff.email }, request.body.name));
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminApiKeyRevoke),
    {
      schema: {
        ...doc("revokeApiKey", "Revoke an API key at once"),
        params: keyParams,
        response: { 200: apiKeySchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => revokeKey(db, actorOf(request), request.params.id),
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
    async (request) => auditPage(db, request.query.before),
  );
};
