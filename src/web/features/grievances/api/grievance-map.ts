import { apiPaths } from "#shared/api-paths.ts";
import type { GrievanceMapResponse } from "#shared/api-types.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

export type MapFilters = Partial<Pick<GrievanceListFilters, "q" | "category" | "status" | "priority">>;

/** The newest reports with a pin in the area that match the list's filters (GET /api/grievances/map). */
export function getGrievanceMap(filters: MapFilters, bbox: Bbox, signal?: AbortSignal): Promise<GrievanceMapResponse> {
  return apiFetch<GrievanceMapResponse>(`${apiPaths.grievanceMap}${searchOf({ ...filters, bbox })}`, { signal });
}
