import type { FastifyPluginAsync } from "fastify";
import { apiPaths } from "../../shared/api-paths.ts";
import type { GrievanceMapResponse, MapSettings, SimilarReportsResponse } from "../../shared/api-types.ts";
import { MAP_MARKER_CAP, type ServiceAreaGeometry } from "../../shared/geo.ts";
import { mapQuerySchema, similarQuerySchema } from "../../shared/location-schemas.ts";
import type { Database } from "../db/database.ts";
import { allOf, filterConditions } from "../grievances/grievance-sql.ts";
import type { MapCenter } from "./map-center.ts";
import { findMarkers, withoutHidden } from "./map-markers.ts";
import { queryProblem } from "./query-problem.ts";
import { findSimilarReports } from "./similar-reports.ts";

export interface PlaceRoutesOptions {
  db: Database;
  mapTileUrl: string;
  mapAttribution: string;
  mapDefaultCenter: MapCenter;
  serviceArea: ServiceAreaGeometry | undefined;
  /** Whether GEOCODER_URL is set. */
  geocoder: boolean;
}

/** The settings change only with a restart; five minutes of staleness after one is harmless. */
const MAP_SETTINGS_MAX_AGE_SECONDS = 300;

/**
 * What the maps read (issue 9, docs/decisions/016-map-and-location.md): their settings, the markers of a visible
 * area, and possible duplicates of a report being written.
 */
export const placeRoutes: FastifyPluginAsync<PlaceRoutesOptions> = async (app, options) => {
  const { db } = options;
  const settings: MapSettings = {
    tileUrl: options.mapTileUrl,
    attribution: options.mapAttribution,
    center: options.mapDefaultCenter,
    serviceArea: options.serviceArea ?? null,
    geocoder: options.geocoder,
  };

  app.get(apiPaths.mapSettings, async (_request, reply): Promise<MapSettings> => {
    reply.header("cache-control", `public, max-age=${MAP_SETTINGS_MAX_AGE_SECONDS}`);
    return settings;
  });

  // The list's filters (the same SQL, grievance-sql.ts), within the area; the newest MAP_MARKER_CAP of them.
  app.get(apiPaths.grievanceMap, async (request): Promise<GrievanceMapResponse> => {
    const parsed = mapQuerySchema.safeParse(request.query);
    if (!parsed.success) throw queryProblem(parsed.error);
    const { bbox, ...filters } = parsed.data;
    const params: unknown[] = [];
    const where = allOf(["g.hidden_at IS NULL", ...filterConditions(filters, params, "g.")]);
    const { markers, matching, matchingCapped } = await findMarkers(db, bbox, where, params);
    return { markers: markers.map(withoutHidden), matching, matchingCapped, cap: MAP_MARKER_CAP };
  });

  // Asked while the form is filled in: a category and a pin or a title (too short a title is ignored, not refused).
  app.get(apiPaths.similarGrievances, async (request): Promise<SimilarReportsResponse> => {
    const parsed = similarQuerySchema.safeParse(request.query);
    if (!parsed.success) throw queryProblem(parsed.error);
    return { items: await findSimilarReports(db, parsed.data) };
  });
};
