import { apiPaths } from "../../../../shared/api-paths.ts";
import type { GrievanceMapResponse } from "../../../../shared/api-types.ts";
import type { Bbox } from "../../../../shared/geo.ts";
import type { GrievanceListFilters } from "../../../../shared/grievance-schema.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryParams } from "./grievances.ts";

export type MapFilters = Partial<Pick<GrievanceListFilters, "q" | "category" | "status" | "priority">>;

/** The newest reports with a pin in the area that match the list's filters (GET /api/grievances/map). */
export function getGrievanceMap(filters: MapFilters, bbox: Bbox, signal?: AbortSignal): Promise<GrievanceMapResponse> {
  const search = queryParams({ ...filters, bbox }).toString();
  return apiFetch<GrievanceMapResponse>(`${apiPaths.grievanceMap}?${search}`, { signal });
}
