import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** A water point by its code (any case): its status, downtime and reports; 404 (ApiRequestError) when none has it. */
export function getWaterPoint(code: string, signal?: AbortSignal): Promise<WaterPointView> {
  return apiFetch<WaterPointView>(pathTo(apiPaths.waterPoint, { code }), { signal });
}
