import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths, exportPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { waterPointGeojsonExportSchema, waterPointMapSchema } from "#shared/api-schemas/water-point-registry.ts";
import { bboxSchema } from "#shared/grievances/grievance-schema.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import { inMinutes } from "../http/rate-limit-refusal.ts";
import { refusePlaceQuery } from "../places/query-problem.ts";
import { waterPointCsv, waterPointGeojson, WPDX_COLUMNS } from "./water-point-export.ts";
import { ClusterCache, WATER_POINT_MAP_CAP, waterPointMap } from "./water-point-map.ts";
import { exportWaterPointRows } from "./water-point-registry-repository.ts";

/** Imports and edits are rare; a minute's staleness on the map is harmless, as for the form's nearby points. */
const MAP_MAX_AGE_SECONDS = 60;
// A whole export reads every point: a client may start this many an hour (counted across instances), as the reports'.
const EXPORTS_PER_HOUR = 60;
const GEOJSON = "application/geo+json";

/**
 * The public side of the registry (docs/decisions/036-water-points.md, docs/integrators.md): the map's points of a
 * visible area, and the whole registry in service with WPDx's field names as CSV and GeoJSON.
 */
export const waterPointRegistryRoutes: FastifyPluginAsync<{ db: Database }> = async (plainApp, { db }) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const clusters = new ClusterCache();

  app.get(
    apiPaths.waterPoints,
    {
      schema: {
        operationId: "listWaterPoints",
        summary: "Water points in a visible area, as GeoJSON",
        description:
          `A FeatureCollection of the points in service within \`bbox\` (minLon,minLat,maxLon,maxLat): each a Point ` +
          `with \`code\`, \`name\` and \`status\` (functional, not-functional, unknown). When the area holds more than ` +
          `${WATER_POINT_MAP_CAP}, the features are clusters instead (\`clustered: true\`): one per cell of a grid ` +
          "over the area (cells of a power of two of a degree, anchored at 0,0, the box grown to whole cells), at its " +
          "points' mean position, with `cluster: true` and their `count`, and no code. Clusters may be a minute old.",
        tags: ["places"],
        querystring: z.object({ bbox: bboxSchema() }),
        response: { 200: waterPointMapSchema, ...errorResponses(400, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request, reply) => {
      const answer = await waterPointMap(db, request.query.bbox, clusters);
      // Sent as text: the schema's serialiser would check each of up to a thousand features against the union of a
      // point and a cluster, several times the query's own cost. The answer is built to the schema here
      // (water-point-map.ts), and the API tests hold it to the document.
      return (reply as FastifyReply)
        .header("cache-control", `public, max-age=${MAP_MAX_AGE_SECONDS}`)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(answer));
    },
  );

  const exportOptions = (operationId: string, summary: string, mediaType: string, description: string) => ({
    schema: {
      tags: ["exports"],
      operationId,
      summary,
      description:
        `Every water point in service, by code, streamed, with WPDx's field names (${WPDX_COLUMNS.join(", ")}). ` +
        `status_id is Yes, No or Unknown: the point's status now (functional, not functional, unknown). ${description}`,
      response: {
        // The GeoJSON is JSON all the same, documented with its shape; streamed, so no serialiser runs on it.
        200:
          mediaType === GEOJSON
            ? { description, content: { [GEOJSON]: { schema: waterPointGeojsonExportSchema } } }
            : nonJsonAnswer(mediaType, description),
        ...errorResponses(429),
      },
    },
    config: {
      rateLimit: {
        max: EXPORTS_PER_HOUR,
        timeWindow: 60 * 60 * 1000,
        shared: true,
        refusal: inMinutes(
          msg("Too many downloads of the water points from your connection. Please try again in {minutes} minute."),
          msg("Too many downloads of the water points from your connection. Please try again in {minutes} minutes."),
        ),
      },
    },
  });
  const download = (reply: FastifyReply, type: string, extension: string) =>
    reply
      .type(type)
      .header(
        "content-disposition",
        `attachment; filename="water-points-${new Date().toISOString().slice(0, 10)}.${extension}"`,
      )
      .header("cache-control", "no-store");

  app.get(
    exportPaths.waterPointsCsv,
    exportOptions(
      "exportWaterPointsCsv",
      "The water points as CSV, with WPDx's field names",
      "text/csv",
      "CSV (RFC 4180), the header row first; a cell starting with =, +, -, @, tab or carriage return is prefixed " +
        "with an apostrophe.",
    ),
    // A stream, which Fastify sends as it is (no serialiser runs on a stream).
    async (_request, reply) =>
      download(reply, "text/csv; charset=utf-8", "csv").send(waterPointCsv(exportWaterPointRows(db))),
  );

  app.get(
    exportPaths.waterPointsGeojson,
    exportOptions(
      "exportWaterPointsGeojson",
      "The water points as GeoJSON, with WPDx's field names",
      GEOJSON,
      "A GeoJSON FeatureCollection (RFC 7946): each point's properties are WPDx's fields and its `status`.",
    ),
    async (_request, reply) =>
      download(reply, "application/geo+json; charset=utf-8", "geojson").send(
        waterPointGeojson(exportWaterPointRows(db)),
      ),
  );
};
