import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { FollowAccepted } from "#shared/notifications/follow.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** POST /api/grievances/:id/followers: the same answer whether or not the address already follows. */
export function followGrievance(grievanceId: string, email: string): Promise<FollowAccepted> {
  return apiFetch<FollowAccepted>(pathTo(apiPaths.grievanceFollowers, { id: grievanceId }), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
}
