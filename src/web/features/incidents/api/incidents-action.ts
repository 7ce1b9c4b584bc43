import type { ActionFunctionArgs } from "react-router";
import { INCIDENT_AFFECTED_INTENT, markIncidentAffected, type IncidentAffectedResult } from "./incident-affected.ts";
import { INCIDENT_SUBSCRIBE_INTENT, subscribe, type IncidentSubscribeResult } from "./incident-subscription.ts";

export type IncidentsActionResult = IncidentAffectedResult | IncidentSubscribeResult;

/**
 * What a visitor does on /incidents and /incidents/:id, told apart by `intent`: "Get alerts for your area" (both
 * pages) and "I am affected" (the incident's page; the report form's "This is probably part of …" sends its press
 * here too, by the incident page's path). Neither changes what the pages' loaders read in a way worth a reload:
 * the button shows the count the answer carries, so both submit with `defaultShouldRevalidate: false`.
 */
export async function incidentsAction({ params, request }: ActionFunctionArgs): Promise<IncidentsActionResult> {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === INCIDENT_SUBSCRIBE_INTENT) return subscribe(form);
  if (intent === INCIDENT_AFFECTED_INTENT && params.id) return markIncidentAffected(params.id);
  throw new Error(`Unknown action on an incident page: ${String(intent)}`);
}
