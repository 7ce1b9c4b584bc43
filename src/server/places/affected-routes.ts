import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { affectedResponseSchema, grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { affectedBodySchema } from "#shared/places/location-schemas.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { refuseWith } from "../http/schema-refusal.ts";
import { markAffected } from "./affected-repository.ts";

export interface AffectedRoutesOptions {
  db: Database;
  /** AFFECTED_PER_HOUR (config.ts). */
  affectedPerHour: number;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/grievances/:id/affected { browserId }: "I have this problem too" (docs/decisions/016-map-and-location.md).
 * Open reports only: a resolved one is answered 409 (its problem is gone, or back and worth a report of its own).
 * Like the other public POSTs (following a report) there is no origin check: nothing rides on a cookie, and a JSON
 * body cannot be sent by another site's form without a CORS preflight, which the portal never grants.
 */
/**
 * "I have this problem too" and "I am affected" (an incident's): AFFECTED_PER_HOUR presses per client address.
 * Clearing the browser's storage makes a new "browser": the limit holds across every instance.
 */
export function affectedRateLimit(affectedPerHour: number) {
  return {
    max: affectedPerHour,
    timeWindow: ONE_HOUR_MS,
    shared: true,
    refusal: LOCATION_MESSAGES.tooManyAffected,
  };
}

export const affectedRoutes: FastifyPluginAsync<AffectedRoutesOptions> = async (app, { db, affectedPerHour }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.grievanceAffected,
    {
      config: { rateLimit: affectedRateLimit(affectedPerHour) },
      schema: {
        operationId: "markAffectedByGrievance",
        summary: "I have this problem too",
        description: "Counts this browser once among the people affected by an open report (409 once it is resolved).",
        tags: ["places"],
        params: grievanceIdParamsSchema,
        body: affectedBodySchema,
        response: { 200: affectedResponseSchema, ...errorResponses(400, 404, 409, 429, 500, 503) },
      },
      schemaErrorFormatter: refuseWith(() => new HttpError(400, LOCATION_MESSAGES.browserIdInvalid)),
    },
    async (request) => {
      const outcome = await markAffected(db, request.params.id, request.body.browserId);
      if (outcome.kind === "not-found") throw new HttpError(404, MESSAGES.grievanceNotFound);
      if (outcome.kind === "resolved") throw new HttpError(409, LOCATION_MESSAGES.affectedResolved);
      return { affected: outcome.affected, counted: outcome.counted };
    },
  );
};
