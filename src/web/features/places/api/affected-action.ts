import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { sendAffected } from "./affected-api.ts";
import { browserId, markAffected } from "#web/lib/browser-id-store.ts";

/** The `intent` of "I have this problem too": one of the actions of the report's page (app/pages/grievance-action.ts). */
export const AFFECTED_INTENT = "affected";

/** The server's count after the press and whether this browser was new to it, or why it was refused. */
export type AffectedResult = ActionResult<typeof AFFECTED_INTENT, { affected: number; counted: boolean }>;

/**
 * The server's own words for a refusal it explains (the hourly limit, a report gone; already in the visitor's
 * language), ours for anything else (an English id). Translated where shown (docs/decisions/019-languages.md).
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return LOCATION_MESSAGES.affectedFailed;
}

/**
 * Counts this browser once for the report (the server ignores a second press) and remembers it here, so the button
 * shows its state after a reload and in other tabs (browser-id-store.ts).
 */
export async function markAsAffected(grievanceId: string): Promise<AffectedResult> {
  try {
    const answer = await sendAffected(grievanceId, browserId());
    markAffected(grievanceId);
    return { intent: AFFECTED_INTENT, ok: true, data: { affected: answer.affected, counted: answer.counted } };
  } catch (error) {
    return refusal(AFFECTED_INTENT, failureMessage(error));
  }
}
