import { describe, expect, it } from "vitest";
import type { WaterPointMap } from "#shared/api-schemas/water-point-registry.ts";
import { clustersFromGrid, GRID_BASE } from "#server/water-points/water-point-grid.ts";
import { CLUSTER_CACHE_MS, ClusterCache, clusterCell, snapToCells } from "#server/water-points/water-point-map.ts";
import type { GridCellRow } from "#server/water-points/water-point-registry-repository.ts";

// The map's clusters (docs/decisions/036-water-points.md): a grid of power-of-two cells anchored at 0,0, the box grown
// to whole cells, and clustered answers kept a minute.

const answer: WaterPointMap = { type: "FeatureCollection", clustered: true, cap: 1_000, features: [] };

describe("the clusters' grid", () => {
  it("has about 16 cells across the box's longer side, a power of two of a degree", () => {
    expect(clusterCell({ minLon: 10, minLat: 1, maxLon: 18, maxLat: 9 })).toBe(0.5);
    expect(clusterCell({ minLon: 36.8, minLat: -1.3, maxLon: 36.9, maxLat: -1.25 })).toBe(2 ** -7);
    expect(clusterCell({ minLon: -180, minLat: -90, maxLon: 180, maxLat: 90 })).toBe(32);
  });

  it("grows the box to whole cells, within the world", () => {
    expect(snapToCells({ minLon: 10.2, minLat: -1.3, maxLon: 17.9, maxLat: 8.1 }, 0.5)).toEqual({
      minLon: 10,
      minLat: -1.5,
      maxLon: 18,
      maxLat: 8.5,
    });
    expect(snapToCells({ minLon: -180, minLat: -90, maxLon: 180, maxLat: 90 }, 32)).toEqual({
      minLon: -180,
      minLat: -90,
      maxLon: 180,
      maxLat: 90,
    });
  });
});

describe("ClusterCache", () => {
  it("keeps an answer for a minute by the clock it is given, then forgets it", () => {
    let now = 1_000;
    const cache = new ClusterCache(() => now);
    cache.set("0.5:10,1,18,9", answer);
    now += CLUSTER_CACHE_MS;
    expect(cache.get("0.5:10,1,18,9")).toBe(answer);
    now += 1;
    expect(cache.get("0.5:10,1,18,9")).toBeUndefined();
  });

  it("holds at most 500 answers, the oldest going first", () => {
    const cache = new ClusterCache(() => 0);
    for (let i = 0; i <= 500; i++) cache.set(`key ${i}`, answer);
    expect(cache.get("key 0")).toBeUndefined();
    expect(cache.get("key 1")).toBe(answer);
    expect(cache.get("key 500")).toBe(answer);
  });
});

describe("clusters from the whole registry's grid", () => {
  // Base cells of a sixteenth of a degree: (160, 16) and (161, 17) merge into one half-degree cell, (224, 16) is
  // another, (400, 16) is outside the box.
  const base: GridCellRow[] = [
    { x: 160, y: 16, count: 2, sum_lon: 20.02, sum_lat: 2.02 },
    { x: 161, y: 17, count: 2, sum_lon: 20.18, sum_lat: 2.18 },
    { x: 224, y: 16, count: 1, sum_lon: 14.01, sum_lat: 1.01 },
    { x: 400, y: 16, count: 9, sum_lon: 225.5, sum_lat: 9.1 },
  ];

  it("merges the base cells into the box's cells, each at its points' mean position", () => {
    const clusters = clustersFromGrid(base, GRID_BASE, 0.5, { minLon: 10, minLat: 1, maxLon: 18, maxLat: 9 });
    expect(clusters).toEqual([
      { count: 4, longitude: 10.05, latitude: 1.05 },
      { count: 1, longitude: 14.01, latitude: 1.01 },
    ]);
  });

  it("is read once a minute, the requests of a cold minute sharing one read, a failed read not kept", async () => {
    let now = 0;
    const cache = new ClusterCache(() => now);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return base;
    };
    await Promise.all([cache.worldGrid(load), cache.worldGrid(load)]);
    now += CLUSTER_CACHE_MS;
    await cache.worldGrid(load);
    expect(reads).toBe(1);
    now += 1;
    await cache.worldGrid(load);
    expect(reads).toBe(2);
    now += CLUSTER_CACHE_MS + 1;
    await expect(cache.worldGrid(() => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    await cache.worldGrid(load);
    expect(reads).toBe(3);
  });
});
