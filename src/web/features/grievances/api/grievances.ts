import { apiPaths, pathTo } from "../../../../shared/api-paths.ts";
import type { GrievanceListResponse, PublicGrievance } from "../../../../shared/api-types.ts";
import { formatBbox, type Bbox } from "../../../../shared/geo.ts";
import type { GrievanceListQuery } from "../../../../shared/grievance-schema.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export type GrievanceListRequest = Partial<GrievanceListQuery>;

/** A query as URL parameters: blanks left out, a visible area written as the API reads it (not "[object Object]"). */
export function queryParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = key === "bbox" && typeof value === "object" ? formatBbox(value as Bbox) : String(value as string);
    if (text !== "") params.set(key, text);
  }
  return params;
}

export function getGrievances(query: GrievanceListRequest, signal?: AbortSignal): Promise<GrievanceListResponse> {
  const search = queryParams(query).toString();
  return apiFetch<GrievanceListResponse>(`${apiPaths.grievances}${search ? `?${search}` : ""}`, { signal });
}

export function getGrievance(id: string, signal?: AbortSignal): Promise<PublicGrievance> {
  return apiFetch<PublicGrievance>(pathTo(apiPaths.grievance, { id }), { signal });
}
