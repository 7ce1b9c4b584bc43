import { apiPaths } from "../../../../shared/api-paths.ts";
import type { GrievanceListResponse, PublicGrievance } from "../../../../shared/api-types.ts";
import type { GrievanceListQuery } from "../../../../shared/grievance-schema.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export type GrievanceListRequest = Partial<GrievanceListQuery>;

export function getGrievances(query: GrievanceListRequest, signal?: AbortSignal): Promise<GrievanceListResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value) !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return apiFetch<GrievanceListResponse>(`${apiPaths.grievances}${search ? `?${search}` : ""}`, { signal });
}

export function getGrievance(id: string, signal?: AbortSignal): Promise<PublicGrievance> {
  return apiFetch<PublicGrievance>(apiPaths.grievance(id), { signal });
}
