import { pathTo } from "#shared/api-paths.ts";
import { staffApiPaths, type GrievanceProgress } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export function getGrievanceProgress(id: string, signal?: AbortSignal): Promise<GrievanceProgress> {
  return apiFetch<GrievanceProgress>(pathTo(staffApiPaths.progress, { id }), { signal });
}
