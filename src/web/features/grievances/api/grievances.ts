import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import type { GrievanceListQuery } from "#shared/grievances/grievance-schema.ts";
import { apiFetch } from "#web/lib/api-fetch.ts";
import { searchOf } from "#web/lib/query-string.ts";

export type GrievanceListRequest = Partial<GrievanceListQuery>;

export function getGrievances(query: GrievanceListRequest, signal?: AbortSignal): Promise<GrievanceListResponse> {
  return apiFetch<GrievanceListResponse>(`${apiPaths.grievances}${searchOf(query)}`, { signal });
}

export function getGrievance(id: string, signal?: AbortSignal): Promise<PublicGrievance> {
  return apiFetch<PublicGrievance>(pathTo(apiPaths.grievance, { id }), { signal });
}
