import { apiPaths, pathTo } from "#shared/api-paths.ts";
import { UPDATE_TEXT_FIELD, type FixedAnswer, type ReporterUpdateView } from "#shared/tracking/reporter-actions.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The reporter's view of their report; 404 (ApiRequestError) for an unknown, malformed or hidden report's token. */
export function getTrackedGrievance(token: string, signal?: AbortSignal): Promise<TrackedGrievance> {
  return apiFetch<TrackedGrievance>(pathTo(apiPaths.track, { token }), { signal });
}

/** Adds an update (text and photos under `images`, as the report form sends them); 201 with the update. */
export function addReporterUpdate(token: string, text: string, images: readonly File[]): Promise<ReporterUpdateView> {
  const body = new FormData();
  body.append(UPDATE_TEXT_FIELD, text);
  for (const file of images) body.append("images", file, file.name);
  return apiFetch<ReporterUpdateView>(pathTo(apiPaths.trackUpdates, { token }), { method: "POST", body });
}

/** Answers "Is it fixed?"; the answer is the report as the private page shows it now. */
export function answerFixedQuestion(token: string, answer: FixedAnswer): Promise<TrackedGrievance> {
  return apiFetch<TrackedGrievance>(pathTo(apiPaths.trackAnswer, { token }), {
    method: "POST",
    body: JSON.stringify(answer),
    headers: { "Content-Type": "application/json" },
  });
}
