import type { ActionFunctionArgs } from "react-router";
import { AFFECTED_INTENT, markAsAffected, type AffectedResult } from "#web/features/places/api/affected-action.ts";
import { FOLLOW_INTENT, follow, type FollowResult } from "#web/features/notifications/api/follow-action.ts";

// The report page's action, in the page's chunk (grievance-page.tsx passes it on to router.tsx): the router loads every
// lazy part of a route together when it opens it, and what the action needs the page's buttons load anyway, so it
// costs no request and no chunk of its own, and nothing in the first load of any other page.

export type GrievanceActionResult = FollowResult | AffectedResult;

/**
 * What a visitor does on a report's public page, told apart by `intent`: "Follow this report" and "I have this
 * problem too". The form page's list of possible duplicates sends its "I have this problem too" here as well, by
 * this route's path (features/places/components/affected-button.tsx): one action for the press wherever the button is.
 *
 * Neither changes anything the page's loader would read again: following is private to the follower, and "I have
 * this problem too" answers with the new count, which the button shows. So both submit with
 * `defaultShouldRevalidate: false`, and the router does not fetch the whole report again after them (a reload that
 * failed would also swap the page for an error).
 */
export async function grievanceAction({ params, request }: ActionFunctionArgs): Promise<GrievanceActionResult> {
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === FOLLOW_INTENT) return follow(id, form);
  if (intent === AFFECTED_INTENT) return markAsAffected(id);
  throw new Error(`Unknown action on a report's page: ${String(intent)}`);
}
