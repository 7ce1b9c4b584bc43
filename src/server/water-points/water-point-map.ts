import type { WaterPointMap } from "#shared/api-schemas/water-point-registry.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { Database } from "../db/database.ts";
import { clustersFromGrid, GRID_BASE } from "./water-point-grid.ts";
import { clustersInBox, gridCells, pointsInBox, type GridCellRow } from "./water-point-registry-repository.ts";

/**
 * The map's water points in a visible area (docs/decisions/036-water-points.md, docs/integrators.md): every point in
 * service when there are at most WATER_POINT_MAP_CAP, else clusters: a grid over the area, each cell with its count at
 * its points' mean position, so that a national registry's half a million points never travel to a phone at once.
 */

/** The most points one answer carries. */
export const WATER_POINT_MAP_CAP = 500;

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

/**
 * Clustered answers are kept this long: a country-wide view counts every point in it (a few hundred milliseconds at
 * half a million), and everyone panning the national map asks for the same cells. As stale as the answer's own
 * Cache-Control allows; per instance.
 */
export const CLUSTER_CACHE_MS = 60_000;
const CLUSTER_CACHE_ENTRIES = 500;

/** Clustered answers by grid cell and the cells the box covers: a box panned within the same cells is the same. */
export class ClusterCache {
  private readonly entries = new Map<string, { at: number; answer: WaterPointMap }>();
  private grid: { at: number; cells: Promise<GridCellRow[]> } | undefined;
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  get(key: string): WaterPointMap | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > CLUSTER_CACHE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /**
   * The whole registry counted per cell of GRID_BASE degrees, read at most once a minute (one read at a time: the
   * requests of a cold minute share it), from which every box of cells at least that large is clustered.
   */
  worldGrid(load: () => Promise<GridCellRow[]>): Promise<GridCellRow[]> {
    if (!this.grid || this.now() - this.grid.at > CLUSTER_CACHE_MS) {
      const cells = load();
      this.grid = { at: this.now(), cells };
      // A failed read is not kept: the next request reads again.
      cells.catch(() => {
        if (this.grid?.cells === cells) this.grid = undefined;
      });
    }
    return this.grid.cells;
  }

  set(key: string, answer: WaterPointMap): void {
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size >= CLUSTER_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: this.now(), answer });
  }
}

/** The box grown to whole cells of the grid: the clusters of the cells it touches, each counted whole. */
export function snapToCells(bbox: Bbox, cell: number): Bbox {
  const down = (value: number) => Math.floor(value / cell) * cell;
  const up = (value: number) => (Math.floor(value / cell) + 1) * cell;
  return {
    minLon: Math.max(-180, down(bbox.minLon)),
    minLat: Math.max(-90, down(bbox.minLat)),
    maxLon: Math.min(180, up(bbox.maxLon)),
    maxLat: Math.min(90, up(bbox.maxLat)),
  };
}

export async function waterPointMap(db: Database, bbox: Bbox, cache?: ClusterCache): Promise<WaterPointMap> {
  const cell = clusterCell(bbox);
  const cells = snapToCells(bbox, cell);
  const key = `${cell}:${cells.minLon},${cells.minLat},${cells.maxLon},${cells.maxLat}`;
  const cached = cache?.get(key);
  // Only clustered answers are kept, so a cached one stands for a box that held more than the cap.
  if (cached) return cached;
  const answer = await readWaterPointMap(db, bbox, cells, cell, cache);
  if (answer.clustered) cache?.set(key, answer);
  return answer;
}

async function readWaterPointMap(
  db: Database,
  bbox: Bbox,
  cells: Bbox,
  cell: number,
  cache: ClusterCache | undefined,
): Promise<WaterPointMap> {
  const answer = await db.transaction(async (tx): Promise<WaterPointMap | undefined> => {
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
    // Cells of a degree's sixteenth or more: from the whole registry's grid, read once a minute (below).
    if (cell >= GRID_BASE) return undefined;
    return clustered(await clustersInBox(tx, cells, cell));
  });
  if (answer) return answer;
  const load = () => gridCells(db, GRID_BASE);
  return clustered(clustersFromGrid(await (cache ? cache.worldGrid(load) : load()), GRID_BASE, cell, cells));
}

function clustered(clusters: { count: number; longitude: number; latitude: number }[]): WaterPointMap {
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
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
