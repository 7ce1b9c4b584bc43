import { apiPaths } from "../../../../shared/api-paths.ts";
import type { TrackedGrievance } from "../../../../shared/tracking.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/** The reporter's view of their report; 404 (ApiRequestError) for an unknown, malformed or hidden report's token. */
export function getTrackedGrievance(token: string, signal?: AbortSignal): Promise<TrackedGrievance> {
  return apiFetch<TrackedGrievance>(apiPaths.track(token), { signal });
}
