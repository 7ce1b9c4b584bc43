import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  incidentAffectedResponseSchema,
  incidentListResponseSchema,
  incidentMatchResponseSchema,
  publicIncidentSchema,
} from "#shared/api-schemas/incidents.ts";
import { incidentMatchQuerySchema } from "#shared/incidents/incidents.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { affectedBodySchema } from "#shared/places/location-schemas.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { refuseWith } from "../http/schema-refusal.ts";
import { affectedRateLimit } from "../places/affected-routes.ts";
import { refuseUnservedPin } from "../places/pin-in-area.ts";
import { matchIncidents } from "./incident-area.ts";
import { markIncidentAffected } from "./incident-affected-repository.ts";
import { INCIDENT_MESSAGES } from "./incident-messages.ts";
import { incidentIdParamsSchema } from "./incident-staff-routes.ts";
import { getPublicIncident, listActiveIncidents, listPublicIncidents } from "./incident-repository.ts";

export interface IncidentPublicRouteOptions {
  db: Database;
  /** AFFECTED_PER_HOUR (config.ts): "I am affected" shares the limit's size with "I have this problem too". */
  affectedPerHour: number;
  /** SERVICE_AREA_FILE's area: a report's pin outside it (or at 0,0) is refused here too, as the submit refuses it. */
  serviceArea?: ServiceAreaGeometry | undefined;
}

/**
 * The banner, /incidents and the page of one incident may lag this much behind the console: every page of every
 * visitor asks for the list, and an incident lasts hours.
 */
const INCIDENTS_MAX_AGE_SECONDS = 15;

/**
 * What the public reads of incidents (docs/decisions/021-incidents.md): the active and recent ones, one,
 * the form's "This is probably part of …", and "I am affected". Like the other public POSTs there is no origin
 * check (affected-routes.ts says why).
 */
export const incidentPublicRoutes: FastifyPluginAsync<IncidentPublicRouteOptions> = async (
  plainApp,
  { db, affectedPerHour, serviceArea },
) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const tags = ["incidents"];

  app.get(
    apiPaths.incidents,
    {
      schema: {
        operationId: "listIncidents",
        summary: "Active and recent incidents",
        description: "The active ones newest first, then those closed in the last 30 days, with their updates.",
        tags,
        response: { 200: incidentListResponseSchema, ...errorResponses(500, 503) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", `public, max-age=${INCIDENTS_MAX_AGE_SECONDS}`);
      return listPublicIncidents(db);
    },
  );

  // Before /api/incidents/:id would take "matching" as an id: Fastify prefers the static path anyway.
  app.get(
    apiPaths.incidentMatching,
    {
      schema: {
        operationId: "listMatchingIncidents",
        summary: "Incidents a report being written probably belongs to",
        description:
          "Active incidents whose area holds the pin, whose localities the location names, or (when nothing places the report) whose type covers the category.",
        tags,
        querystring: incidentMatchQuerySchema,
        response: { 200: incidentMatchResponseSchema, ...errorResponses(400, 500, 503) },
      },
    },
    async (request) => {
      refuseUnservedPin(serviceArea, request.query);
      return { items: matchIncidents(await listActiveIncidents(db), request.query) };
    },
  );

  app.get(
    apiPaths.incident,
    {
      schema: {
        operationId: "getIncident",
        summary: "One incident",
        description: "Its message, instructions, area, updates and, once closed, its final message.",
        tags,
        params: incidentIdParamsSchema,
        response: { 200: publicIncidentSchema, ...errorResponses(404, 500, 503) },
      },
    },
    async (request, reply) => {
      const incident = await getPublicIncident(db, request.params.id);
      if (!incident) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
      reply.header("cache-control", `public, max-age=${INCIDENTS_MAX_AGE_SECONDS}`);
      return incident;
    },
  );

  app.post(
    apiPaths.incidentAffected,
    {
      config: { rateLimit: affectedRateLimit(affectedPerHour) },
      schema: {
        operationId: "markAffectedByIncident",
        summary: "I am affected",
        description:
          "Counts this browser once among the people affected by an active incident (409 once it is closed).",
        tags,
        params: incidentIdParamsSchema,
        body: affectedBodySchema,
        response: { 200: incidentAffectedResponseSchema, ...errorResponses(400, 404, 409, 429, 500, 503) },
      },
      schemaErrorFormatter: refuseWith(() => new HttpError(400, LOCATION_MESSAGES.browserIdInvalid)),
    },
    async (request) => {
      const outcome = await markIncidentAffected(db, request.params.id, request.body.browserId);
      if (outcome.kind === "not-found") throw new HttpError(404, INCIDENT_MESSAGES.notFound);
      if (outcome.kind === "closed") throw new HttpError(409, INCIDENT_MESSAGES.affectedClosed);
      return { affectedCount: outcome.affectedCount, alreadyCounted: outcome.alreadyCounted };
    },
  );
};
