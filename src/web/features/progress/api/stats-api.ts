import { staffApiPaths, type PublicStats } from "#shared/staff/staff-api.ts";
import type { z } from "zod/mini";
import type { incidentStatsSchema } from "#shared/api-schemas/incidents.ts";
import type { statsHotspotsSchema } from "#shared/api-schemas/progress.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The incidents' figures the statistics carry (type-only: no zod in the browser's chunks). */
export type IncidentStats = z.output<typeof incidentStatsSchema>;
/** The hotspot map's cells (GET /api/stats/hotspots). */
export type StatsHotspots = z.output<typeof statsHotspotsSchema>;

export function getStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiFetch<PublicStats>(staffApiPaths.stats, { signal });
}

export function getHotspots(signal?: AbortSignal): Promise<StatsHotspots> {
  return apiFetch<StatsHotspots>(staffApiPaths.statsHotspots, { signal });
}
