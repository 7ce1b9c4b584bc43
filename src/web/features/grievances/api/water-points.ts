import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { NearbyWaterPoint } from "#shared/api-schemas/report-water-points.ts";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { WATER_POINT_CODE_PATTERN } from "#shared/water-points/report-water-point.ts";
import { apiFetch, ApiRequestError } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** The form's water points (docs/decisions/040-reporting-against-water-points.md): near the pin, and by code. */

/** The key to ask the points near a pin with: its query string. */
export const nearbyKey = (pin: LatLng | null): string | undefined =>
  pin ? searchOf({ latitude: pin.latitude, longitude: pin.longitude }) : undefined;

export async function findNearbyWaterPoints(search: string, signal: AbortSignal): Promise<NearbyWaterPoint[]> {
  return (await apiFetch<{ items: NearbyWaterPoint[] }>(`${apiPaths.waterPointsNearby}${search}`, { signal })).items;
}

/** The key to look a typed code up with: the code, once it can be one. */
export const codeKey = (code: string): string | undefined => {
  const trimmed = code.trim();
  return WATER_POINT_CODE_PATTERN.test(trimmed) ? trimmed : undefined;
};

/** The point in service with this code, or null when none has it (unknown, or retired). */
export async function findWaterPointByCode(code: string, signal: AbortSignal): Promise<WaterPointView | null> {
  // Read outside the try: Rollup keeps every property of an object read inside one (tryCatchDeoptimization), and
  // apiPaths is in the first load of every page.
  const path = pathTo(apiPaths.waterPoint, { code });
  try {
    const point = await apiFetch<WaterPointView>(path, { signal });
    return point.retiredAt ? null : point;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
