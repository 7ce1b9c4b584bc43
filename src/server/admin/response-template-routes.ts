import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  TEMPLATE_MESSAGES,
  newResponseTemplateSchema,
  responseTemplateChangeSchema,
  offeredTemplatesSchema,
  responseTemplateListSchema,
  responseTemplateQuerySchema,
  responseTemplateSchema,
} from "#shared/admin/response-template-schemas.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { idSchema, UUID_PATTERN } from "#shared/ids.ts";
import { listAll, listOffered, reporterLanguage } from "./response-template-repository.ts";
import { changeTemplate, createTemplate } from "./response-template-workflow.ts";

/**
 * Response templates (docs/decisions/033-duplicates-calls-and-templates.md): every member of staff reads the ones
 * offered for a status; administrators list, create, edit and retire them, each change in the audit log.
 */
export const responseTemplateRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => {
    const staff = staffOf(request);
    return { id: staff.staffId, email: staff.email };
  };
  const doc = (operationId: string, summary: string, tag: "staff" | "admin") => ({
    operationId,
    summary,
    tags: [tag],
    security: STAFF_SECURITY,
  });
  const idParams = z.object({ id: idSchema(TEMPLATE_MESSAGES.notFound) });

  app.get(
    underStaffPrefix(staffApiPaths.responseTemplates),
    {
      schema: {
        ...doc("listResponseTemplates", "The response templates offered for a status", "staff"),
        description:
          "Active templates, those in `language` first (or, given `grievanceId`, in that report's reporter's " +
          "language), then by language and title.",
        querystring: responseTemplateQuerySchema,
        response: { 200: offeredTemplatesSchema, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const { status, grievanceId } = request.query;
      const ofReport =
        grievanceId && UUID_PATTERN.test(grievanceId) ? await reporterLanguage(db, grievanceId) : undefined;
      const language = request.query.language ?? ofReport;
      return { templates: await listOffered(db, { status, language }), language: language ?? null };
    },
  );

  app.get(
    underStaffPrefix(staffApiPaths.adminResponseTemplates),
    {
      preHandler: requireAdmin,
      schema: {
        ...doc("listAllResponseTemplates", "Every response template, retired ones too", "admin"),
        response: { 200: responseTemplateListSchema, ...errorResponses(401, 403, 500, 503) },
      },
    },
    async () => ({ templates: await listAll(db) }),
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminResponseTemplates),
    {
      preHandler: requireAdmin,
      schema: {
        ...doc("createResponseTemplate", "Create a response template for a status and language", "admin"),
        body: newResponseTemplateSchema,
        response: { 201: responseTemplateSchema, ...errorResponses(400, 401, 403, 409, 500, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTemplate(db, actorOf(request), request.body)),
  );

  app.patch(
    underStaffPrefix(staffApiPaths.adminResponseTemplate),
    {
      preHandler: requireAdmin,
      schema: {
        ...doc("changeResponseTemplate", "Edit a response template, or retire it (`active: false`)", "admin"),
        params: idParams,
        body: responseTemplateChangeSchema,
        response: { 200: responseTemplateSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => changeTemplate(db, actorOf(request), request.params.id, request.body),
  );
};
