import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { AffectedResponse } from "#shared/api-types.ts";
import type { AffectedBody } from "#shared/places/location-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** "I have this problem too": counts this browser once for the report (the server ignores a second press). */
export function sendAffected(grievanceId: string, browserId: string): Promise<AffectedResponse> {
  const body: AffectedBody = { browserId };
  return apiFetch<AffectedResponse>(pathTo(apiPaths.grievanceAffected, { id: grievanceId }), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
