import type { z } from "zod/mini";
import { pathTo } from "#shared/api-paths.ts";
import type {
  closeIncidentResponseSchema,
  incidentCandidatesResponseSchema,
  incidentSummarySchema,
  linkReportsResponseSchema,
  publicIncidentSchema,
  staffIncidentListResponseSchema,
  staffIncidentSchema,
} from "#shared/api-schemas/incidents.ts";
import type { DeclareIncident } from "#shared/incidents/incidents.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

export type StaffIncident = z.output<typeof staffIncidentSchema>;
export type IncidentListItem = z.output<typeof publicIncidentSchema>;
export type IncidentCandidates = z.output<typeof incidentCandidatesResponseSchema>;
export type IncidentCandidate = IncidentCandidates["items"][number];
type CloseAnswer = z.output<typeof closeIncidentResponseSchema>;

/** Console changes are JSON from the portal's own origin (the server's same-origin check reads the Origin header). */
function post<T>(path: string, body: unknown): Promise<T> {
  return apiFetch<T>(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
}

export const getIncidents = (signal?: AbortSignal) =>
  apiFetch<z.output<typeof staffIncidentListResponseSchema>>(staffApiPaths.incidents, { signal });

export const getStaffIncident = (id: string, signal?: AbortSignal) =>
  apiFetch<StaffIncident>(pathTo(staffApiPaths.incident, { id }), { signal });

export const declareIncident = (body: DeclareIncident) => post<StaffIncident>(staffApiPaths.incidents, body);

export const postIncidentUpdate = (id: string, body: { message: string; expectedRestorationAt?: string | null }) =>
  post<StaffIncident>(pathTo(staffApiPaths.incidentUpdates, { id }), body);

export const closeIncident = (id: string, body: { finalMessage: string; resolveLinkedReports: boolean }) =>
  post<CloseAnswer>(pathTo(staffApiPaths.incidentClose, { id }), body);

export const linkReports = (id: string, grievanceIds: string[]) =>
  post<z.output<typeof linkReportsResponseSchema>>(pathTo(staffApiPaths.incidentReports, { id }), { grievanceIds });

export const getIncidentCandidates = (id: string, category: string, signal?: AbortSignal) =>
  apiFetch<IncidentCandidates>(`${pathTo(staffApiPaths.incidentCandidates, { id })}${searchOf({ category })}`, {
    signal,
  });

export type ReportIncident = z.output<typeof incidentSummarySchema>;
