import { z } from "zod/mini";
import { waterPointRecordSchema } from "../water-points/water-point-schemas.ts";
import { WATER_POINT_STATUSES } from "./water-points.ts";

/**
 * The registry's answers (docs/decisions/036-water-points.md): an import's figures, the console's list, and the map's
 * GeoJSON of a visible area, each point's status by its page's rule (docs/decisions/039-water-point-status.md) (points, or clusters when the area holds more than the cap).
 */

/** One row the import did not take: its line in the CSV (the header is line 1) or its feature's index + 1. */
export const importRejectionSchema = z.object({ row: z.number(), reason: z.string() });

export const importResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  rejected: z.array(importRejectionSchema),
  /** A preview (`dryRun=true`): the same figures, nothing stored. */
  dryRun: z.boolean(),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const waterPointAdminListSchema = z.object({
  items: z.array(waterPointRecordSchema),
  /** The next page's `after` (the last code of this page), or null on the last page. */
  nextAfter: z.nullable(z.string()),
});
export type WaterPointAdminList = z.output<typeof waterPointAdminListSchema>;

const pointGeometry = z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) });

const pointFeature = z.object({
  type: z.literal("Feature"),
  geometry: pointGeometry,
  properties: z.object({ code: z.string(), name: z.string(), status: z.enum(WATER_POINT_STATUSES) }),
});
/** Many points in one cell of a grid over the area: where they are on average, and how many. */
const clusterFeature = z.object({
  type: z.literal("Feature"),
  geometry: pointGeometry,
  properties: z.object({ cluster: z.literal(true), count: z.number() }),
});

export const waterPointMapSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(z.union([pointFeature, clusterFeature])),
  /** True when the area held more active points than `cap`: the features are then clusters. */
  clustered: z.boolean(),
  /** The most points one answer carries. */
  cap: z.number(),
});
export type WaterPointMap = z.output<typeof waterPointMapSchema>;
export type WaterPointMapFeature = WaterPointMap["features"][number];

/** GET /api/water-points.geojson: every point in service, its properties WPDx's fields and its `status`. */
export const waterPointGeojsonExportSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      type: z.literal("Feature"),
      geometry: pointGeometry,
      properties: z.record(z.string(), z.nullable(z.union([z.string(), z.number()]))),
    }),
  ),
});
