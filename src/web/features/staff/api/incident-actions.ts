import { redirect, type ActionFunctionArgs } from "react-router";
import { closeIncidentSchema, incidentUpdateSchema } from "#shared/incidents/incidents.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { instantOfLocal } from "../components/incident-draw.ts";
import {
  closeIncident,
  getIncidentCandidates,
  linkReports,
  postIncidentUpdate,
  type IncidentCandidates,
} from "./incidents-api.ts";

export type IncidentIntent = "update" | "preview" | "link" | "close";

/** What a form of the incident page shows after submitting; the preview also carries the candidates. */
export type IncidentActionResult =
  | { intent: "preview"; ok: true; message: string; category: string; candidates: IncidentCandidates }
  | { intent: IncidentIntent; ok: true; message: string }
  | { intent: IncidentIntent; ok: false; message: string; field?: string };

const problemOf = (issues: readonly { message: string; path: readonly PropertyKey[] }[]) => ({
  message: translateText(issues[0]?.message ?? ""),
  field: String(issues[0]?.path[0] ?? ""),
});

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
      });
      if (!parsed.success) return { intent, ok: false, ...problemOf(parsed.error.issues) };
      await postIncidentUpdate(id, parsed.data);
      return { intent, ok: true, message: t("The update is published.") };
    }
    if (intent === "preview") {
      const category = text("category");
      const candidates = await getIncidentCandidates(id, category, request.signal);
      return { intent, ok: true, message: "", category, candidates };
    }
    if (intent === "link") {
      const grievanceIds = form.getAll("grievanceId").map(String);
      if (grievanceIds.length === 0) return { intent, ok: false, message: t("Choose at least one report to link.") };
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
      });
      if (!parsed.success) return { intent, ok: false, ...problemOf(parsed.error.issues) };
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
    return { intent, ok: false, message: errorMessageOf(error) };
  }
  return { intent: "update", ok: false, message: t("Unknown action.") };
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
