import { apiPaths } from "#shared/api-paths.ts";
import type { MapSettings } from "#shared/api-types.ts";
import { apiFetch } from "../api-client.ts";
import { readOnce } from "../use-api-data.ts";

/**
 * What every map needs (tiles, where to open, the service area): asked once per page load, then shared; a failed
 * answer is not kept, so the next map asks again (readOnce).
 */
export function loadMapSettings(): Promise<MapSettings> {
  return readOnce("map-settings", () => apiFetch<MapSettings>(apiPaths.mapSettings));
}
