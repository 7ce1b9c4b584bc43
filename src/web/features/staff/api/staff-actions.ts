import { redirect, type ActionFunctionArgs } from "react-router";
import { priorityLabel, statusLabel } from "#shared/format.ts";
import { priorityChangeSchema } from "#shared/targets/target-schemas.ts";
import { hideUpdateSchema } from "#shared/tracking/reporter-actions.ts";
import { hideSchema, statusChangeSchema } from "#shared/staff/staff-schemas.ts";
import { fieldRefusal, refusal, type ActionResult } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { changePriority, changeStatus, hideGrievance, hideReporterUpdate, unhideGrievance } from "./staff-api.ts";
import { linkReports } from "./incidents-api.ts";
import { markDuplicate } from "./work-api.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { paths } from "#web/lib/paths.ts";

export type StaffIntent = "status" | "priority" | "hide" | "unhide" | "hide-update" | "link-incident" | "duplicate";

/** The fields a refusal of the report view's forms may be about. */
export type StaffField = "status" | "priority" | "note" | "reason" | "incidentId";

/** What a console form shows after submitting: a confirmation, or the problem (at the field it is about). */
export type StaffActionResult = ActionResult<StaffIntent, undefined, StaffField>;

async function send(
  intent: StaffIntent,
  request: Request,
  call: () => Promise<unknown>,
  done: string,
): Promise<StaffActionResult> {
  try {
    await call();
    return { intent, ok: true, message: done };
  } catch (error) {
    // The session ran out while the form was open: sign in again and come back to this report.
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(new URL(request.url).pathname));
    // 409 (e.g. someone else changed it first), 404, 400: the server's message says what happened.
    return refusal(intent, errorMessageOf(error));
  }
}

/** A shared schema's message is an English id; the server's answers come already in the visitor's language. */
const problemOf = (issues: readonly { message: string }[]) => translateText(issues[0]?.message ?? "");

/**
 * One action for the report view's forms (told apart by `intent`). Input is validated with the shared
 * schemas before sending, so the visitor gets the same message the server would give, without a round trip.
 * After it returns, the router reloads the report (revalidation), so the page shows the new state.
 */
export async function staffGrievanceAction({ request, params }: ActionFunctionArgs): Promise<StaffActionResult> {
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as StaffIntent;

  if (intent === "status") {
    const parsed = statusChangeSchema.safeParse({ status: form.get("status") ?? "", note: form.get("note") ?? "" });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "note" ? "note" : "status";
      return fieldRefusal(intent, field, problemOf(parsed.error.issues));
    }
    const { status, note } = parsed.data;
    const done = t("Status changed to {status}.", { status: t(statusLabel(status)) });
    return send(intent, request, () => changeStatus(id, status, note), done);
  }
  if (intent === "priority") {
    // Staff triage (docs/product-decisions.md D17): the server moves the due times and records the change on the
    // timeline.
    const parsed = priorityChangeSchema.safeParse({ priority: form.get("priority") ?? "" });
    if (!parsed.success) return fieldRefusal(intent, "priority", problemOf(parsed.error.issues));
    const { priority } = parsed.data;
    const done = t("Priority changed to {priority}.", { priority: t(priorityLabel(priority)) });
    return send(intent, request, () => changePriority(id, priority), done);
  }
  if (intent === "hide") {
    const parsed = hideSchema.safeParse({ reason: form.get("reason") ?? "" });
    if (!parsed.success) return fieldRefusal(intent, "reason", problemOf(parsed.error.issues));
    return send(
      intent,
      request,
      () => hideGrievance(id, parsed.data.reason),
      t("The report is now hidden from the public."),
    );
  }
  if (intent === "unhide") {
    return send(intent, request, () => unhideGrievance(id), t("The report is visible to the public again."));
  }
  if (intent === "hide-update") {
    // One form per update, each with its own fetcher: the update's id comes with the form.
    const updateId = String(form.get("updateId") ?? "");
    const parsed = hideUpdateSchema.safeParse({ reason: form.get("reason") ?? "" });
    if (!parsed.success) return fieldRefusal(intent, "reason", problemOf(parsed.error.issues));
    return send(
      intent,
      request,
      () => hideReporterUpdate(id, updateId, parsed.data.reason),
      t("The update is now hidden from the public."),
    );
  }
  if (intent === "link-incident") {
    // One report, through the incident's linking of a list (decision 021).
    const incidentId = String(form.get("incidentId") ?? "");
    if (!incidentId) return fieldRefusal(intent, "incidentId", t("Choose an active incident."));
    return send(intent, request, () => linkReports(incidentId, [id]), t("The report is linked to the incident."));
  }
  if (intent === "duplicate") {
    // The original chosen in the duplicate panel (docs/decisions/033-duplicates-calls-and-templates.md).
    const originalId = String(form.get("duplicateOfId") ?? "");
    if (!originalId) return refusal(intent, t("Please choose the report this one repeats."));
    return send(intent, request, () => markDuplicate(id, originalId), t("The report is marked as a duplicate."));
  }
  return refusal("status", t("Unknown action."));
}
