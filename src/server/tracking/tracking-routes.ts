import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { trackedGrievanceSchema, trackingTokenParamsSchema } from "#shared/api-schemas/progress.ts";
import { TRACKING_MESSAGES } from "#shared/tracking/tracking.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { contactEraseRoutes } from "../privacy/contact-erase-routes.ts";
import { reporterActionRoutes } from "./reporter-action-routes.ts";
import { trackedGrievanceOf } from "./tracked-grievance.ts";
import { findByTrackingTokenHash } from "./tracking-repository.ts";
import { trackingTokenHashOf } from "./tracking-token.ts";

export interface TrackingRoutesOptions {
  db: Database;
  /** The photo pipeline of reports, which reporter updates go through too. */
  service: GrievanceService;
  /** REPORTER_UPDATES_PER_HOUR (config.ts): updates one client may send per hour. */
  reporterUpdatesPerHour: number;
  /** PUBLIC_URL (config.ts): the start of the links in the e-mail to followers; else the request's origin. */
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
}

// As generous as the status checks: many reporters may share one address (carrier NAT). Counted in memory, like
// them (decision 010): a 192-bit token cannot be guessed at any rate, so this only holds off a flood.
export const TRACK_READS_PER_MINUTE = 300;

/**
 * GET /api/track/:token, the reporter's private view of their report (docs/decisions/013-reference-and-
 * tracking-token.md): the report with the contact details in full and its public timeline. An unknown, malformed
 * or hidden report's token gets one and the same 404, which tells nothing about whether a report exists.
 */
export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (
  app,
  { db, service, reporterUpdatesPerHour, mailLinkBase },
) => {
  // On every answer, errors included: the address itself is the secret. Never kept by a cache, never passed on as
  // a Referer from whatever the page links to, never indexed.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    reply.header("referrer-policy", "no-referrer");
    reply.header("x-robots-tag", "noindex");
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.track,
    {
      config: {
        rateLimit: {
          max: TRACK_READS_PER_MINUTE,
          timeWindow: 60_000,
          refusal: TRACKING_MESSAGES.tooManyReads,
        },
      },
      schema: {
        operationId: "getTrackedGrievance",
        summary: "The reporter's view of their report",
        description:
          "By the token of the private link given once at submission: the report with the contact details in full, " +
          'its public timeline, the reporter\'s updates, and whether "Is it fixed?" may be answered. An unknown, ' +
          "malformed or hidden report's token is one and the same 404.",
        tags: ["tracking"],
        params: trackingTokenParamsSchema,
        response: { 200: trackedGrievanceSchema, ...errorResponses(404, 429, 500, 503) },
      },
    },
    async (request) => {
      const tokenHash = trackingTokenHashOf(request.params.token);
      const row = tokenHash && (await findByTrackingTokenHash(db, tokenHash));
      // Hidden between the reads: gone all the same.
      const tracked = row && (await trackedGrievanceOf(db, row));
      if (!tracked) throw new HttpError(404, TRACKING_MESSAGES.notFound);
      return tracked;
    },
  );

  // What the reporter may do (docs/decisions/015-reporter-actions.md): in this plugin, so that its answers get the
  // headers above too.
  await app.register(reporterActionRoutes, { db, service, reporterUpdatesPerHour, mailLinkBase });
  // The reporter removes their own contact details (docs/decisions/043-erasure-and-access-on-request.md).
  await app.register(contactEraseRoutes, { db });
};
