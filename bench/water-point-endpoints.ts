import { apiPaths, pathTo } from "#shared/api-paths.ts";
import { formatBbox } from "#shared/places/geo.ts";
import type { Endpoint } from "./endpoints.ts";
import { boxAt, CITY_CENTRE, CITY_HALF_SIDE_METRES, randomSource } from "./seed-places.ts";
import { COUNTRY_HALF_SIDE_DEGREES } from "./seed-water-points.ts";

/** Distinct boxes per row, taken in turn, each a little panned. */
const REQUESTS = 200;

/**
 * The map's water points (GET /api/water-points?bbox, docs/decisions/036-water-points.md) over the seeded registry
 * (seed-water-points.ts): a neighbourhood (points), the whole city and the whole country (clusters: the first of
 * each cell set is counted, the others within the minute come from the cluster cache, as on a busy portal).
 */
/** Pages of points drawn from the first ones seeded (BW-0000001 …), which every size has. */
function pointPages(seed: number): string[] {
  const random = randomSource(seed);
  const code = () => `BW-${String(1 + Math.floor(random() * 1_000)).padStart(7, "0")}`;
  return Array.from({ length: REQUESTS }, () => pathTo(apiPaths.waterPoint, { code: code() }));
}

export function waterPointEndpoints(): Endpoint[] {
  const target = { ratio: 2, ms: 100 };
  const series = (seed: number, box: (random: () => number) => string) => {
    const random = randomSource(seed);
    return Array.from({ length: REQUESTS }, () => `${apiPaths.waterPoints}?bbox=${box(random)}`);
  };
  const country = (random: () => number) => {
    const half = COUNTRY_HALF_SIDE_DEGREES * (1 + 0.1 * random());
    const lat = CITY_CENTRE.latitude + (random() - 0.5);
    const lon = CITY_CENTRE.longitude + (random() - 0.5);
    return formatBbox({ minLon: lon - half, minLat: lat - half, maxLon: lon + half, maxLat: lat + half });
  };
  return [
    {
      name: "water points, neighbourhood (1 × 1 km)",
      paths: series(11, (random) => formatBbox(boxAt(8_000 * (random() - 0.5), 8_000 * (random() - 0.5), 500))),
      target,
    },
    {
      name: "water points, whole city (clusters)",
      paths: series(12, (random) =>
        formatBbox(boxAt(2_000 * (random() - 0.5), 2_000 * (random() - 0.5), CITY_HALF_SIDE_METRES)),
      ),
      target,
    },
    { name: "water points, whole country (clusters)", paths: series(13, country), target },
    {
      // A point's page (getWaterPoint, docs/decisions/039-water-point-status.md): the point by upper(code), its reports
      // and its "not working" reports' history through grievances_water_point_idx; any of the seeded points.
      name: "a water point's page",
      paths: pointPages(14),
      target,
    },
  ];
}
