import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "#shared/ids.ts";
import {
  closeIncidentResponseSchema,
  incidentCandidatesResponseSchema,
  linkReportsResponseSchema,
  staffIncidentListResponseSchema,
  staffIncidentSchema,
} from "#shared/api-schemas/incidents.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  closeIncidentSchema,
  declareIncidentSchema,
  incidentCandidatesQuerySchema,
  incidentUpdateSchema,
  linkReportsSchema,
} from "#shared/incidents/incidents.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findCandidates } from "./incident-candidates.ts";
import { INCIDENT_MESSAGES } from "./incident-messages.ts";
import { getPublicIncident, getStaffIncident, listAllIncidents } from "./incident-repository.ts";
import { closeIncident, declareIncident, linkReports, postIncidentUpdate, type Actor } from "./incident-workflow.ts";

export interface IncidentStaffRouteOptions {
  db: Database;
  /** PUBLIC_URL (config.ts): the start of the links in alerts and in the e-mail to followers; else the request's origin. */
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
}

export const incidentIdParamsSchema = z.object({ id: idSchema(INCIDENT_MESSAGES.notFound) });

/**
 * The console's incident routes (docs/decisions/021-incidents.md), under /api/staff behind requireStaff:
 * signed in (401), same-origin for changes (403), never cached (staff-plugin.ts). Every change answers the incident.
 */
export async function incidentStaffRoutes(plainApp: FastifyInstance, { db, mailLinkBase }: IncidentStaffRouteOptions) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };
  const actorOf = (request: FastifyRequest): Actor => {
    const staff = staffOf(request);
    return { staffId: staff.staffId, email: staff.email, linkBase: mailLinkBase };
  };
  const detail = async (id: string) => {
    const incident = await getStaffIncident(db, id);
    if (!incident) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
    return incident;
  };

  app.get(
    underStaffPrefix(staffApiPaths.incidents),
    {
      schema: {
        ...staffSchema,
        operationId: "listStaffIncidents",
        summary: "Every incident",
        description: "Active incidents first, then closed ones; newest first within each.",
        response: { 200: staffIncidentListResponseSchema, ...errorResponses(401, 500, 503) },
      },
    },
    async () => ({ items: await listAllIncidents(db) }),
  );

  app.post(
    underStaffPrefix(staffApiPaths.incidents),
    {
      schema: {
        ...staffSchema,
        operationId: "createIncident",
        summary: "Declare an incident",
        description:
          "Its public message, instructions and area (a polygon, a circle and/or localities). Subscribers in the area are alerted.",
        body: declareIncidentSchema,
        response: { 201: staffIncidentSchema, ...errorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const id = await declareIncident(db, request.body, actorOf(request));
      reply.code(201);
      return detail(id);
    },
  );

  app.get(
    underStaffPrefix(staffApiPaths.incident),
    {
      schema: {
        ...staffSchema,
        operationId: "getStaffIncident",
        summary: "One incident as staff see it",
        description: "With who declared and closed it, and every linked report, hidden ones too.",
        params: incidentIdParamsSchema,
        response: { 200: staffIncidentSchema, ...errorResponses(401, 404, 500, 503) },
      },
    },
    async (request) => detail(request.params.id),
  );

  app.post(
    underStaffPrefix(staffApiPaths.incidentUpdates),
    {
      schema: {
        ...staffSchema,
        operationId: "addIncidentUpdate",
        summary: "Post a public update",
        description:
          "A timed update, optionally moving the expected restoration; subscribers are alerted. 409 once closed.",
        params: incidentIdParamsSchema,
        body: incidentUpdateSchema,
        response: { 200: staffIncidentSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => {
      await postIncidentUpdate(db, request.params.id, request.body, actorOf(request));
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.incidentClose),
    {
      schema: {
        ...staffSchema,
        operationId: "closeIncident",
        summary: "Close an incident",
        description:
          "With its final message; optionally resolves every linked open report with it (one event each, followers told once). 409 when already closed.",
        params: incidentIdParamsSchema,
        body: closeIncidentSchema,
        response: { 200: closeIncidentResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => {
      const resolvedReports = await closeIncident(db, request.params.id, request.body, actorOf(request));
      return { incident: await detail(request.params.id), resolvedReports };
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.incidentReports),
    {
      schema: {
        ...staffSchema,
        operationId: "linkIncidentReports",
        summary: "Link reports to an incident",
        description:
          "One or many (after the preview). All or none: an unknown report is answered 404, one linked to another incident 409.",
        params: incidentIdParamsSchema,
        body: linkReportsSchema,
        response: { 200: linkReportsResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => ({
      linked: await linkReports(db, request.params.id, request.body.grievanceIds, actorOf(request)),
    }),
  );

  app.get(
    underStaffPrefix(staffApiPaths.incidentCandidates),
    {
      schema: {
        ...staffSchema,
        operationId: "listIncidentCandidates",
        summary: "Reports to link: the bulk preview",
        description:
          "Open public reports (of `category` when given) made since two days before the start, with a pin in the area or a locality in their location.",
        params: incidentIdParamsSchema,
        querystring: incidentCandidatesQuerySchema,
        response: { 200: incidentCandidatesResponseSchema, ...errorResponses(400, 401, 404, 500, 503) },
      },
    },
    async (request) => {
      const incident = await getPublicIncident(db, request.params.id);
      if (!incident) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
      return findCandidates(db, incident, request.query.category);
    },
  );
}
