import { followInputSchema } from "#shared/notifications/follow.ts";
import { MESSAGES } from "#shared/messages.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { followGrievance } from "./follow-api.ts";

/** The `intent` of "Follow this report": one of the actions of the report's page (features/grievances/routes/grievance-route.action.ts). */
export const FOLLOW_INTENT = "follow";

/**
 * What the form shows after a submit. `message` is kept as the schema or the server worded it and translated where
 * shown, so that it follows a change of language (docs/decisions/019-languages.md).
 */
export interface FollowResult {
  intent: typeof FOLLOW_INTENT;
  ok: boolean;
  message: string;
}

/**
 * The address is checked with the server's own schema first, so a mistyped one gets the same message without a
 * round trip. The answer never says whether the address already follows (double opt-in, decision 014).
 */
export async function follow(grievanceId: string, form: FormData): Promise<FollowResult> {
  const parsed = followInputSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return { intent: FOLLOW_INTENT, ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail };
  }
  try {
    const answer = await followGrievance(grievanceId, parsed.data.email);
    return { intent: FOLLOW_INTENT, ok: true, message: answer.message };
  } catch (error) {
    return { intent: FOLLOW_INTENT, ok: false, message: errorMessageOf(error) };
  }
}
