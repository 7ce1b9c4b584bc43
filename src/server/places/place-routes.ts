import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  grievanceMapResponseSchema,
  mapSettingsSchema,
  similarReportsResponseSchema,
} from "#shared/api-schemas/grievances.ts";
import type { MapSettings } from "#shared/api-types.ts";
import { MAP_MARKER_CAP, type ServiceAreaGeometry } from "#shared/places/geo.ts";
import { mapQuerySchema, similarQuerySchema } from "#shared/places/location-schemas.ts";
import type { Database } from "../db/database.ts";
import type { MapCenter } from "./map-center.ts";
import type { PmtilesArchive } from "./pmtiles-file.ts";
import { findPublicMarkers, withoutHidden } from "./map-marker-repository.ts";
import { refusePinOutsideArea } from "./pin-in-area.ts";
import { refusePlaceQuery } from "./query-problem.ts";
import { findSimilarReports } from "./similar-reports.ts";

export interface PlaceRoutesOptions {
  db: Database;
  mapTileUrl: string;
  mapAttribution: string;
  mapDefaultCenter: MapCenter;
  serviceArea: ServiceAreaGeometry | undefined;
  /** Whether GEOCODER_URL is set. */
  geocoder: boolean;
  /** Whether SMS is set up (config.sms): the form offers updates by SMS. */
  sms: boolean;
  /** MAP_PMTILES_FILE: the maps draw its tiles, served at apiPaths.mapTiles. */
  pmtiles: PmtilesArchive | undefined;
}

/** The settings change only with a restart; five minutes of staleness after one is harmless. */
const MAP_SETTINGS_MAX_AGE_SECONDS = 300;

/**
 * What the maps read (docs/decisions/016-map-and-location.md): their settings, the markers of a visible
 * area, and possible duplicates of a report being written.
 */
export const placeRoutes: FastifyPluginAsync<PlaceRoutesOptions> = async (plainApp, options) => {
  const { db } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const settings: MapSettings = {
    tileUrl: options.mapTileUrl,
    attribution: options.mapAttribution,
    center: options.mapDefaultCenter,
    serviceArea: options.serviceArea ?? null,
    geocoder: options.geocoder,
    sms: options.sms,
    pmtiles: options.pmtiles
      ? {
          url: apiPaths.mapTiles,
          tileType: options.pmtiles.tileType,
          minZoom: options.pmtiles.minZoom,
          maxZoom: options.pmtiles.maxZoom,
        }
      : null,
  };

  app.get(
    apiPaths.mapSettings,
    {
      schema: {
        operationId: "getMapSettings",
        summary: "What the maps need",
        description:
          "Tile URL and attribution, where maps open, the service area, whether addresses can be looked up, and " +
          "whether the report form offers updates by SMS.",
        tags: ["places"],
        response: { 200: mapSettingsSchema, ...errorResponses(500) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", `public, max-age=${MAP_SETTINGS_MAX_AGE_SECONDS}`);
      return settings;
    },
  );

  // The list's filters (the same SQL, grievance-filter-repository.ts), within the area; the newest MAP_MARKER_CAP of them.
  app.get(
    apiPaths.grievanceMap,
    {
      schema: {
        operationId: "listGrievanceMarkers",
        summary: "Markers of a visible area",
        description: "The list's filters within `bbox`; the newest `cap` reports with a pin, and how many match.",
        tags: ["places"],
        querystring: mapQuerySchema,
        response: { 200: grievanceMapResponseSchema, ...errorResponses(400, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request) => {
      const { bbox, ...filters } = request.query;
      const { markers, matching, matchingCapped } = await findPublicMarkers(db, bbox, filters);
      return { markers: markers.map(withoutHidden), matching, matchingCapped, cap: MAP_MARKER_CAP };
    },
  );

  // Asked while the form is filled in: a category and a pin or a title (too short a title is ignored, not refused).
  app.get(
    apiPaths.similarGrievances,
    {
      schema: {
        operationId: "listSimilarGrievances",
        summary: "Possible duplicates of a report being written",
        description:
          "Open reports of the category near the pin and/or with a similar title (a short title is ignored).",
        tags: ["places"],
        querystring: similarQuerySchema,
        response: { 200: similarReportsResponseSchema, ...errorResponses(400, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request) => {
      // A pin outside the area is refused as the submit would refuse it; the form shows nothing near it.
      refusePinOutsideArea(options.serviceArea, request.query);
      return { items: await findSimilarReports(db, request.query) };
    },
  );
};
