import { staffApiPaths, type PublicStats } from "#shared/staff/staff-api.ts";
import type { z } from "zod/mini";
import type { incidentStatsSchema } from "#shared/api-schemas/incidents.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The incidents' figures the statistics carry (type-only: no zod in the browser's chunks). */
export type IncidentStats = z.output<typeof incidentStatsSchema>;

export function getStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiFetch<PublicStats>(staffApiPaths.stats, { signal });
}
