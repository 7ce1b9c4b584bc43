import { staffApiPaths, type PublicStats } from "../../../shared/staff-api.ts";
import { apiFetch } from "../../lib/api-client.ts";

export function getStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiFetch<PublicStats>(staffApiPaths.stats, { signal });
}
