import type { z } from "zod/mini";
import type { statsHotspotsSchema } from "#shared/api-schemas/progress.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";

// Apart from stats-api.ts: the charts' chunk asks for the map's cells, and sharing no module with the page's own
// chunk keeps the two chunks apart (the build's manifest names the page by its module).

/** The hotspot map's cells (GET /api/stats/hotspots; type-only: no zod in the browser's chunks). */
export type StatsHotspots = z.output<typeof statsHotspotsSchema>;

export function getHotspots(signal?: AbortSignal): Promise<StatsHotspots> {
  return apiFetch<StatsHotspots>(staffApiPaths.statsHotspots, { signal });
}
