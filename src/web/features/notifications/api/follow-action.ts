import { followInputSchema } from "#shared/notifications/follow.ts";
import { MESSAGES } from "#shared/messages.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { followGrievance } from "./follow-api.ts";

/** The `intent` of "Follow this report": one of the actions of the report's page (app/pages/grievance-action.ts). */
export const FOLLOW_INTENT = "follow";

/**
 * What the form shows after a submit: the server's confirmation, or why not (said beside the form, which has one
 * field). Messages are translated where shown (docs/decisions/019-languages.md).
 */
export type FollowResult = ActionResult<typeof FOLLOW_INTENT>;

/**
 * The address is checked with the server's own schema first, so a mistyped one gets the same message without a
 * round trip. The answer never says whether the address already follows (double opt-in, decision 014).
 */
export async function follow(grievanceId: string, form: FormData): Promise<FollowResult> {
  const parsed = followInputSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return refusal(FOLLOW_INTENT, parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
  }
  try {
    const answer = await followGrievance(grievanceId, parsed.data.email);
    return { intent: FOLLOW_INTENT, ok: true, message: answer.message };
  } catch (error) {
    return refusal(FOLLOW_INTENT, errorMessageOf(error));
  }
}
