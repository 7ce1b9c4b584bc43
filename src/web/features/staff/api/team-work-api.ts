import type { TeamWork } from "#shared/api-schemas/team-work.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** The managers' per-team view: open, overdue and within-target work per team over the last `days` days. */
export function getTeamWork(days: string | undefined, signal?: AbortSignal): Promise<TeamWork> {
  return apiFetch<TeamWork>(`${staffApiPaths.teamWork}${searchOf({ days })}`, { signal });
}
