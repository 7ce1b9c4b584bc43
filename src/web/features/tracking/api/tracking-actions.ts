import type { ActionFunctionArgs } from "react-router";
import {
  fixedAnswerProblem,
  fixedAnswerSchema,
  REPORTER_MESSAGES,
  reporterUpdateSchema,
  UPDATE_TEXT_FIELD,
} from "#shared/tracking/reporter-actions.ts";
import { fieldRefusal, refusal, type ActionResult } from "#web/lib/action-result.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { addReporterUpdate, answerFixedQuestion } from "./tracking.ts";

/** The reporter's actions on their private page (docs/decisions/015-reporter-actions.md), told apart by `intent`. */
export const UPDATE_INTENT = "update";
export const ANSWER_INTENT = "answer";

/** "Add an update": added, or why not (the text, the photos, or the whole update). */
export type UpdateResult = ActionResult<typeof UPDATE_INTENT, undefined, "text" | "images">;

/** "Is it fixed?": the thanks for the answer given, or why it was refused (the note, or the whole answer). */
export type AnswerResult = ActionResult<typeof ANSWER_INTENT, undefined, "note">;

export type TrackActionResult = UpdateResult | AnswerResult;

/**
 * A refusal is answered as the server answers one, with a 400 status: the router then does not read the report
 * again (nothing changed, and the form keeps its message and what was typed, as before), where after a success it
 * does, so the timeline shows the update or the reopen. The fetcher's data is the result itself.
 */
const refused = (result: TrackActionResult): Response =>
  // Not Response.json(), which Safari has only since version 17.
  new Response(JSON.stringify(result), { status: 400, headers: { "Content-Type": "application/json" } });

const textOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

async function addUpdate(token: string, form: FormData): Promise<UpdateResult | Response> {
  // Checked with the server's own schema first: the same message, without sending the photos for nothing.
  const parsed = reporterUpdateSchema.safeParse({ [UPDATE_TEXT_FIELD]: textOf(form, UPDATE_TEXT_FIELD) });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? REPORTER_MESSAGES.updateTextRequired;
    return refused(fieldRefusal(UPDATE_INTENT, "text", message));
  }
  const photos = form.getAll("images").filter((value): value is File => value instanceof File);
  try {
    await addReporterUpdate(token, parsed.data[UPDATE_TEXT_FIELD], photos);
    return { intent: UPDATE_INTENT, ok: true, message: REPORTER_MESSAGES.updateAdded };
  } catch (error) {
    // The form keeps the text and photos for another try; the message goes where it applies.
    console.error("Reporter update failed:", error);
    if (error instanceof ApiRequestError && error.fieldErrors?.images) {
      return refused(fieldRefusal(UPDATE_INTENT, "images", error.fieldErrors.images));
    }
    return refused(refusal(UPDATE_INTENT, errorMessageOf(error)));
  }
}

async function answer(token: string, form: FormData): Promise<AnswerResult | Response> {
  const fixed = form.get("fixed");
  const input =
    fixed === "false" ? { fixed: false, note: textOf(form, "note") } : { fixed: fixed === "true" ? true : fixed };
  // The note is checked as the server checks it, and sent trimmed.
  const parsed = fixedAnswerSchema.safeParse(input);
  if (!parsed.success) {
    const problem = fixedAnswerProblem(input) ?? { message: REPORTER_MESSAGES.answerInvalid };
    return refused(
      problem.field
        ? fieldRefusal(ANSWER_INTENT, problem.field, problem.message)
        : refusal(ANSWER_INTENT, problem.message),
    );
  }
  try {
    await answerFixedQuestion(token, parsed.data);
    const message = parsed.data.fixed ? REPORTER_MESSAGES.confirmedFixed : REPORTER_MESSAGES.reopened;
    return { intent: ANSWER_INTENT, ok: true, message };
  } catch (error) {
    console.error("Answer to 'Is it fixed?' failed:", error);
    return refused(refusal(ANSWER_INTENT, errorMessageOf(error)));
  }
}

/**
 * The private page's action: "Add an update" (text and photos, sent as multipart) and "Is it fixed?". After a
 * success the router reloads the page's report (revalidation), which shows the new update or status.
 */
export async function trackAction({ params, request }: ActionFunctionArgs): Promise<TrackActionResult | Response> {
  const token = params.token ?? "";
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === UPDATE_INTENT) return addUpdate(token, form);
  if (intent === ANSWER_INTENT) return answer(token, form);
  throw new Error(`Unknown action on the private page: ${String(intent)}`);
}
