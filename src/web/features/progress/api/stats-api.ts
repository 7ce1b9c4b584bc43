import { staffApiPaths, type PublicStats } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export function getStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiFetch<PublicStats>(staffApiPaths.stats, { signal });
}
