import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  technicianLinkCreatedSchema,
  technicianLinkListSchema,
  technicianLinkSchema,
} from "#shared/api-schemas/field.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { FIELD_MESSAGES, technicianLinkInputSchema } from "#shared/field/field.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { idSchema, UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findJobReport } from "./field-job-repository.ts";
import { listTechnicianLinks } from "./technician-link-repository.ts";
import { createTechnicianLink, revokeTechnicianLink, type LinkDeps } from "./technician-link-workflow.ts";

/**
 * The console's technicians' links (docs/decisions/031-technician-links.md), under /api/staff behind requireStaff:
 * send one (e-mailed through the outbox), list a report's, revoke one.
 */
export async function technicianLinkRoutes(plainApp: FastifyInstance, deps: LinkDeps) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };
  const actorOf = (request: Parameters<typeof staffOf>[0]) => {
    const { staffId, email } = staffOf(request);
    return { staffId, email };
  };

  app.post(
    underStaffPrefix(staffApiPaths.technicianLinks),
    {
      schema: {
        ...staffSchema,
        operationId: "createTechnicianLink",
        summary: "Send a technician a one-time link to the report",
        description:
          "E-mails `email` a link to the job, valid for 72 hours, until the job is marked fixed through it, or " +
          "until it is revoked. The answer holds the link too (`url`), from PUBLIC_URL.",
        params: grievanceIdParamsSchema,
        body: technicianLinkInputSchema,
        response: { 201: technicianLinkCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request, reply) => {
      const created = await createTechnicianLink(deps, request.params.id, request.body.email, actorOf(request));
      reply.code(201);
      return created;
    },
  );

  app.get(
    underStaffPrefix(staffApiPaths.technicianLinks),
    {
      schema: {
        ...staffSchema,
        operationId: "listTechnicianLinks",
        summary: "A report's technicians' links",
        description: "Newest first, each with where it stands: active, expired, revoked or used. Never the token.",
        params: grievanceIdParamsSchema,
        response: { 200: technicianLinkListSchema, ...errorResponses(401, 404, 500, 503) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!UUID_PATTERN.test(id) || !(await findJobReport(deps.db, id)))
        throw new HttpError(404, STAFF_MESSAGES.notFound);
      return { items: await listTechnicianLinks(deps.db, id, deps.now()) };
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.technicianLinkRevoke),
    {
      schema: {
        ...staffSchema,
        operationId: "revokeTechnicianLink",
        summary: "Revoke a technician's link",
        description: "The link stops working at once; 409 when it was already used, revoked or expired.",
        params: z.object({ id: idSchema(STAFF_MESSAGES.notFound), linkId: idSchema(FIELD_MESSAGES.linkNotFound) }),
        response: { 200: technicianLinkSchema, ...errorResponses(401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => revokeTechnicianLink(deps, request.params.id, request.params.linkId, actorOf(request)),
  );
}
