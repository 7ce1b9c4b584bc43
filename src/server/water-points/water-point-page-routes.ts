import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { waterPointResponseSchema } from "#shared/api-schemas/water-points.ts";
import { msg } from "#shared/i18n/locales.ts";
import { reportAtWaterPointPath, waterPointPagePath } from "#shared/water-points/water-point-paths.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { waterPointView } from "./water-point-view.ts";

export interface WaterPointPageRouteOptions {
  db: Database;
  /** PUBLIC_URL: where the sign's links start (else the request's own origin, as trackingUrl). */
  publicUrl: string | undefined;
  /** SMS_NUMBER when SMS is on: printed on the point's sign. */
  smsNumber: string | undefined;
  /** The portal's clock: downtime runs to it. */
  now: () => Date;
}

export const WATER_POINT_NOT_FOUND = msg(
  "No water point has this code. Check the code painted on the point, or find the point on the map.",
);

const paramsSchema = z.object({
  code: z.string().min(1).max(64).describe("The code painted on the point (WPDx's wpdx_id), in any case"),
});

/**
 * A water point's page (docs/decisions/039-water-point-status.md): whether it works, since when it does not, its total
 * downtime and its reports. Not cached: a report resolved a moment ago must show.
 */
export const waterPointPageRoutes: FastifyPluginAsync<WaterPointPageRouteOptions> = async (plainApp, options) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.waterPoint,
    {
      schema: {
        operationId: "getWaterPoint",
        summary: "A water point, whether it works, and its reports",
        description:
          "The point with this code (any case), retired or not: its status (not functional while a report of a category " +
          "that means 'not working' is open, functional once those are resolved, else the registry's status_id), since " +
          "when it has not worked, its total downtime in seconds, and its newest public reports, open ones first.",
        tags: ["places"],
        params: paramsSchema,
        response: { 200: waterPointResponseSchema, ...errorResponses(400, 404, 500, 503) },
      },
    },
    async (request) => {
      const linkBase = linkBaseOf(request, options.publicUrl);
      const view = await waterPointView(options.db, request.params.code, options.now());
      if (!view) throw new HttpError(404, WATER_POINT_NOT_FOUND);
      return {
        ...view,
        pageUrl: `${linkBase}${waterPointPagePath(view.code)}`,
        reportUrl: `${linkBase}${reportAtWaterPointPath(view.code)}`,
        smsNumber: options.smsNumber ?? null,
      };
    },
  );
};
