import type { WaterPointMap } from "#shared/api-schemas/water-point-registry.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { Database } from "../db/database.ts";
import { clustersInBox, pointsInBox } from "./water-point-registry-repository.ts";

/**
 * The map's water points in a visible area (docs/decisions/036-water-points.md, docs/integrators.md): every point in
 * service when there are at most WATER_POINT_MAP_CAP, else clusters: a grid over the area, each cell with its count at
 * its points' mean position, so that a national registry's half a million points never travel to a phone at once.
 */

/** The most points one answer carries. */
export const WATER_POINT_MAP_CAP = 1_000;

/** About this many cells across the area's longer side when it is clustered. */
const CELLS_ACROSS = 16;

/**
 * The grid's cell, in degrees: a power of two, so that zooming halves it and panning keeps the same cells (the grid
 * is anchored at 0,0).
 */
export function clusterCell(bbox: Bbox): number {
  const side = Math.max(bbox.maxLon - bbox.minLon, bbox.maxLat - bbox.minLat, 1e-6);
  return 2 ** Math.ceil(Math.log2(side / CELLS_ACROSS));
}

export async function waterPointMap(db: Database, bbox: Bbox): Promise<WaterPointMap> {
  return db.transaction(async (tx) => {
    // One more than the cap: whether the area holds more is known without counting them all.
    const points = await pointsInBox(tx, bbox, WATER_POINT_MAP_CAP + 1);
    if (points.length <= WATER_POINT_MAP_CAP) {
      return {
        type: "FeatureCollection",
        clustered: false,
        cap: WATER_POINT_MAP_CAP,
        features: points.map((point) => ({
          type: "Feature",
          geometry: { type: "Point", coordinates: [point.longitude, point.latitude] },
          properties: { code: point.code, name: point.name, status: point.status },
        })),
      };
    }
    const clusters = await clustersInBox(tx, bbox, clusterCell(bbox));
    return {
      type: "FeatureCollection",
      clustered: true,
      cap: WATER_POINT_MAP_CAP,
      features: clusters.map((cluster) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [round(cluster.longitude), round(cluster.latitude)] },
        properties: { cluster: true, count: cluster.count },
      })),
    };
  });
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
