import { apiPaths } from "#shared/api-paths.ts";
import type { MapSettings } from "#shared/api-types.ts";
import { apiFetch } from "../api-client.ts";

let settings: Promise<MapSettings> | undefined;

/** What every map needs (tiles, where to open, the service area): asked once per page load, then shared. */
export function loadMapSettings(): Promise<MapSettings> {
  settings ??= apiFetch<MapSettings>(apiPaths.mapSettings).catch((error: unknown) => {
    // A failed answer is not kept: the next map asks again.
    settings = undefined;
    throw error;
  });
  return settings;
}
