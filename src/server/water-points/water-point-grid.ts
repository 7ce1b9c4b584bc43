import type { Bbox } from "#shared/places/geo.ts";
import type { ClusterRow, GridCellRow } from "./water-point-registry-repository.ts";

/**
 * Clusters from the whole registry's grid (docs/decisions/036-water-points.md): the counts per cell of GRID_BASE
 * degrees merged into cells of `cell` degrees (a power of two at least as large, so each base cell lies in one), for
 * the cells inside `box` (grown to whole cells of `cell`). Each cluster at its points' mean position.
 */
export const GRID_BASE = 2 ** -4;

export function clustersFromGrid(
  base: readonly GridCellRow[],
  baseSize: number,
  cell: number,
  box: Bbox,
): ClusterRow[] {
  const ratio = Math.round(cell / baseSize);
  const merged = new Map<string, { count: number; sumLon: number; sumLat: number }>();
  for (const { x, y, count, sum_lon, sum_lat } of base) {
    const west = x * baseSize;
    const south = y * baseSize;
    if (west < box.minLon || west >= box.maxLon || south < box.minLat || south >= box.maxLat) continue;
    const key = `${Math.floor(x / ratio)}:${Math.floor(y / ratio)}`;
    const into = merged.get(key);
    if (into) {
      into.count += count;
      into.sumLon += sum_lon;
      into.sumLat += sum_lat;
    } else merged.set(key, { count, sumLon: sum_lon, sumLat: sum_lat });
  }
  return [...merged.values()].map(({ count, sumLon, sumLat }) => ({
    count,
    longitude: sumLon / count,
    latitude: sumLat / count,
  }));
}
