import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { IncidentSubscriptionRequest } from "#shared/incidents/incidents.ts";
import type { AffectedBody } from "#shared/places/location-schemas.ts";
import type { z } from "zod/mini";
import type {
  incidentAffectedResponseSchema,
  incidentListResponseSchema,
  incidentMatchResponseSchema,
  incidentSubscriptionAcceptedSchema,
  incidentSummarySchema,
  publicIncidentSchema,
} from "#shared/api-schemas/incidents.ts";
import { apiFetch } from "#web/lib/api-fetch.ts";

// The answers' types, from the schemas the server serialises with (type-only: no zod in the browser's chunks).
export type PublicIncident = z.output<typeof publicIncidentSchema>;
export type IncidentList = z.output<typeof incidentListResponseSchema>;
export type IncidentMatches = z.output<typeof incidentMatchResponseSchema>;
export type IncidentMatch = IncidentMatches["items"][number];
export type IncidentSummary = z.output<typeof incidentSummarySchema>;
export type IncidentAffectedAnswer = z.output<typeof incidentAffectedResponseSchema>;
export type IncidentSubscriptionAccepted = z.output<typeof incidentSubscriptionAcceptedSchema>;

/** GET /api/incidents: the active ones, newest first, then those closed in the last 30 days. */
export function getIncidents(signal?: AbortSignal): Promise<IncidentList> {
  return apiFetch<IncidentList>(apiPaths.incidents, { signal });
}

export function getIncident(id: string, signal?: AbortSignal): Promise<PublicIncident> {
  return apiFetch<PublicIncident>(pathTo(apiPaths.incident, { id }), { signal });
}

/** GET /api/incidents/matching?…: `search` is the query string ("?latitude=…"). */
export function findMatchingIncidents(search: string, signal: AbortSignal): Promise<IncidentMatches> {
  return apiFetch<IncidentMatches>(`${apiPaths.incidentMatching}${search}`, { signal });
}

/** "I am affected": counts this browser once for the incident (the server ignores a second press). */
export function sendIncidentAffected(id: string, browserId: string): Promise<IncidentAffectedAnswer> {
  const body: AffectedBody = { browserId };
  return apiFetch<IncidentAffectedAnswer>(pathTo(apiPaths.incidentAffected, { id }), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Alerts for an area (double opt-in): the same answer whether or not the address already subscribed. */
export function subscribeToIncidents(request: IncidentSubscriptionRequest): Promise<IncidentSubscriptionAccepted> {
  return apiFetch<IncidentSubscriptionAccepted>(apiPaths.incidentSubscriptions, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
}
