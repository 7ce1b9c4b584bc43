import { textVersionsOfForm } from "../components/incident-translation-fields.tsx";
import { redirect, type ActionFunctionArgs } from "react-router";
import { closeIncidentSchema, incidentUpdateSchema } from "#shared/incidents/incidents.ts";
import { fieldRefusal, refusal, type ActionRefused, type ActionResult } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { instantOfLocal } from "#web/lib/map/area-drawing.ts";
import {
  closeIncident,
  getIncidentCandidates,
  linkReports,
  postIncidentUpdate,
  type IncidentCandidates,
} from "./incidents-api.ts";

export type IncidentIntent = "update" | "preview" | "link" | "close";

/** The reports a preview found, for the category asked. */
export interface IncidentPreview {
  category: string;
  candidates: IncidentCandidates;
}

/** What a form of the incident page shows after submitting; the preview also carries the candidates. */
export type IncidentActionResult = ActionResult<IncidentIntent, IncidentPreview | undefined>;

/** The schema's first problem, at its field when it names one (an English id, translated here). */
function problemOf(
  intent: IncidentIntent,
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
): ActionRefused<IncidentIntent> {
  const message = translateText(issues[0]?.message ?? "");
  const field = String(issues[0]?.path[0] ?? "");
  return field ? fieldRefusal(intent, field, message) : refusal(intent, message);
}

/**
 * One action for the incident page's forms, told apart by `intent`: post an update, preview the reports to link,
 * link the chosen ones, close. The router then reads the incident again, so the page shows the new state; the
 * preview changes nothing, so the page skips that (incidentShouldRevalidate).
 */
export async function incidentAction({ request, params }: ActionFunctionArgs): Promise<IncidentActionResult> {
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as IncidentIntent;
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    if (intent === "update") {
      const restoration = text("expectedRestorationAt");
      const parsed = incidentUpdateSchema.safeParse({
        message: text("message"),
        ...(restoration ? { expectedRestorationAt: instantOfLocal(restoration) } : {}),
        translations: textVersionsOfForm(form, "message"),
      });
      if (!parsed.success) return problemOf(intent, parsed.error.issues);
      await postIncidentUpdate(id, parsed.data);
      return { intent, ok: true, message: t("The update is published.") };
    }
    if (intent === "preview") {
      const category = text("category");
      const candidates = await getIncidentCandidates(id, category, request.signal);
      return { intent, ok: true, message: "", data: { category, candidates } };
    }
    if (intent === "link") {
      const grievanceIds = form.getAll("grievanceId").map(String);
      if (grievanceIds.length === 0) return refusal(intent, t("Choose at least one report to link."));
      const { linked } = await linkReports(id, grievanceIds);
      return {
        intent,
        ok: true,
        message: t("{count, plural, one {# report linked.} other {# reports linked.}}", { count: linked }),
      };
    }
    if (intent === "close") {
      const parsed = closeIncidentSchema.safeParse({
        finalMessage: text("finalMessage"),
        resolveLinkedReports: form.get("resolveLinkedReports") === "on",
        translations: textVersionsOfForm(form, "finalMessage"),
      });
      if (!parsed.success) return problemOf(intent, parsed.error.issues);
      const { resolvedReports } = await closeIncident(id, parsed.data);
      return {
        intent,
        ok: true,
        message: t("{count, plural, one {Closed; # report resolved.} other {Closed; # reports resolved.}}", {
          count: resolvedReports,
        }),
      };
    }
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffIncident(id)));
    return refusal(intent, errorMessageOf(error));
  }
  return refusal("update", t("Unknown action."));
}

/** A preview reads and changes nothing: the incident need not be read again after it. */
export function incidentShouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (formData?.get("intent") === "preview") return false;
  return defaultShouldRevalidate;
}
