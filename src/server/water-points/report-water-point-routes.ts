import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nearbyWaterPointsResponseSchema, type NearbyWaterPoint } from "#shared/api-schemas/report-water-points.ts";
import { distanceMetres, type LatLng } from "#shared/places/geo.ts";
import { nearbyWaterPointsQuerySchema } from "#shared/water-points/nearby-query.ts";
import { WATER_POINTS_NEAR_METRES, WATER_POINTS_NEAR_PIN } from "#shared/water-points/report-water-point.ts";
import type { Database } from "../db/database.ts";
import { refusePlaceQuery } from "../places/query-problem.ts";
import { nearestWaterPoints } from "./report-water-point-repository.ts";

/** The points change only when they are imported or edited; a minute's staleness on the form is harmless. */
const NEARBY_MAX_AGE_SECONDS = 60;

/**
 * What the form reads to offer water points (docs/decisions/040-reporting-against-water-points.md): the points in
 * service nearest the pin, nearest first through the GiST index, those within WATER_POINTS_NEAR_METRES.
 */
export const reportWaterPointRoutes: FastifyPluginAsync<{ db: Database }> = async (plainApp, { db }) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.waterPointsNearby,
    {
      schema: {
        operationId: "listNearbyWaterPoints",
        summary: "Water points near a pin",
        description:
          `The water points in service nearest \`latitude\`,\`longitude\`, nearest first: at most ${WATER_POINTS_NEAR_PIN}, ` +
          `none further than ${WATER_POINTS_NEAR_METRES} m. The report form offers them for categories with water points.`,
        tags: ["places"],
        querystring: nearbyWaterPointsQuerySchema,
        response: { 200: nearbyWaterPointsResponseSchema, ...errorResponses(400, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request, reply) => {
      const pin = request.query as LatLng;
      const rows = await nearestWaterPoints(db, pin, WATER_POINTS_NEAR_PIN);
      const items: NearbyWaterPoint[] = rows
        .map((row) => ({
          code: row.code,
          name: row.name,
          latitude: row.latitude,
          longitude: row.longitude,
          waterSource: row.water_source,
          waterTech: row.water_tech,
          status: row.status,
          distanceMetres: Math.round(distanceMetres(pin, row)),
        }))
        .filter((point) => point.distanceMetres <= WATER_POINTS_NEAR_METRES)
        .sort((a, b) => a.distanceMetres - b.distanceMetres);
      reply.header("cache-control", `public, max-age=${NEARBY_MAX_AGE_SECONDS}`);
      return { items };
    },
  );
};
