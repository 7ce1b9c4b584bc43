import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { browserId, markAffected, useMarkedAffected } from "#web/lib/browser-id-store.ts";
import { sendIncidentAffected } from "./incidents-api.ts";

/** The `intent` of "I am affected": one of the actions of the incident's page (incidents-action.ts). */
export const INCIDENT_AFFECTED_INTENT = "incident-affected";

export type IncidentAffectedResult = ActionResult<
  typeof INCIDENT_AFFECTED_INTENT,
  { affectedCount: number; counted: boolean }
>;

// The reports' store remembers incidents too, under a key of their own kind: one list, one browser id, one limit.
const storeKey = (incidentId: string) => `incident:${incidentId}`;

/** Whether this browser has said it is affected by the incident; re-renders when that changes, in any tab. */
export const useMarkedIncidentAffected = (incidentId: string): boolean => useMarkedAffected(storeKey(incidentId));

/** Counts this browser once for the incident (the same random id as "I have this problem too") and remembers it. */
export async function markIncidentAffected(incidentId: string): Promise<IncidentAffectedResult> {
  try {
    const answer = await sendIncidentAffected(incidentId, browserId());
    markAffected(storeKey(incidentId));
    return {
      intent: INCIDENT_AFFECTED_INTENT,
      ok: true,
      data: { affectedCount: answer.affectedCount, counted: !answer.alreadyCounted },
    };
  } catch (error) {
    // The server's own words for a refusal it explains (already translated), ours for anything else.
    const message =
      error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message
        ? error.message
        : LOCATION_MESSAGES.affectedFailed;
    return refusal(INCIDENT_AFFECTED_INTENT, message);
  }
}
