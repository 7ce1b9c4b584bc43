import { pathTo } from "#shared/api-paths.ts";
import type { ImportResult, WaterPointAdminList } from "#shared/api-schemas/water-point-registry.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import type { NewWaterPoint, WaterPointFields, WaterPointRecord } from "#shared/water-points/water-point-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** The registry of water points (docs/decisions/036-water-points.md): admins only, from the portal's own origin. */

export const getWaterPoints = (query: { q?: string; after?: string }, signal?: AbortSignal) =>
  apiFetch<WaterPointAdminList>(`${staffApiPaths.adminWaterPoints}${searchOf(query)}`, { signal });

/** Sends the file as the API takes it (multipart, field `file`); a preview stores nothing. */
export function importWaterPoints(file: File, dryRun: boolean): Promise<ImportResult> {
  const body = new FormData();
  body.append("file", file);
  return apiFetch<ImportResult>(`${staffApiPaths.adminWaterPointImport}${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    body,
  });
}

const sendJson = (path: string, method: "POST" | "PUT", body: unknown) =>
  apiFetch<WaterPointRecord>(path, {
    method,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

export const createWaterPoint = (point: NewWaterPoint) => sendJson(staffApiPaths.adminWaterPoints, "POST", point);
export const updateWaterPoint = (code: string, fields: WaterPointFields) =>
  sendJson(pathTo(staffApiPaths.adminWaterPoint, { code }), "PUT", fields);
export const retireWaterPoint = (code: string, retired: boolean) =>
  apiFetch<WaterPointRecord>(
    pathTo(retired ? staffApiPaths.adminWaterPointRetire : staffApiPaths.adminWaterPointUnretire, { code }),
    { method: "POST" },
  );
