import type { Bbox } from "#shared/places/geo.ts";
import type {
  StaffGrievanceDetail,
  StaffMapResponse,
  StaffQueueResponse,
  StaffSession,
} from "#shared/staff/staff-api.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { pathTo } from "#shared/api-paths.ts";
import type { StaffQueueQuery } from "#shared/staff/staff-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

export type StaffQueueRequest = Partial<StaffQueueQuery>;

/**
 * State-changing staff requests send JSON; the browser adds the Origin header itself, which the server's
 * cross-site check (src/server/auth/same-origin.ts) relies on. Cookies are same-origin, so the default
 * `credentials: "same-origin"` carries the session.
 */
function sendJson<T>(path: string, method: "POST" | "DELETE", body?: unknown): Promise<T> {
  return apiFetch<T>(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}

export function signIn(email: string, password: string): Promise<StaffSession> {
  return sendJson<StaffSession>(staffApiPaths.session, "POST", { email, password });
}

/** The server answers 204 with no body, which apiFetch would treat as "no answer": use fetch directly. */
export async function signOut(): Promise<void> {
  await fetch(staffApiPaths.session, { method: "DELETE", headers: { Accept: "application/json" } }).catch(
    () => undefined,
  );
}

export function getQueue(query: StaffQueueRequest, signal?: AbortSignal): Promise<StaffQueueResponse> {
  return apiFetch<StaffQueueResponse>(`${staffApiPaths.grievances}${searchOf(query)}`, { signal });
}

/** The console's map: the queue's filters (no pages, no order) within the visible area, hidden reports marked. */
export function getStaffMap(query: StaffQueueRequest, bbox: Bbox, signal?: AbortSignal): Promise<StaffMapResponse> {
  const { page: _page, pageSize: _pageSize, cursor: _cursor, sort: _sort, ...filters } = query;
  return apiFetch<StaffMapResponse>(`${staffApiPaths.grievanceMap}${searchOf({ ...filters, bbox })}`, { signal });
}

export function getStaffGrievance(id: string, signal?: AbortSignal): Promise<StaffGrievanceDetail> {
  return apiFetch<StaffGrievanceDetail>(pathTo(staffApiPaths.grievance, { id }), { signal });
}

export function changeStatus(id: string, status: string, note: string | undefined): Promise<StaffGrievanceDetail> {
  return sendJson<StaffGrievanceDetail>(pathTo(staffApiPaths.status, { id }), "POST", { status, note });
}

/**
 * Staff triage (changeGrievancePriority, docs/product-decisions.md D17): the due times follow the new priority's
 * targets.
 */
export function changePriority(id: string, priority: string): Promise<StaffGrievanceDetail> {
  return sendJson<StaffGrievanceDetail>(pathTo(staffApiPaths.priority, { id }), "POST", { priority });
}

export function hideGrievance(id: string, reason: string): Promise<StaffGrievanceDetail> {
  return sendJson<StaffGrievanceDetail>(pathTo(staffApiPaths.hide, { id }), "POST", { reason });
}

export function unhideGrievance(id: string): Promise<StaffGrievanceDetail> {
  return sendJson<StaffGrievanceDetail>(pathTo(staffApiPaths.unhide, { id }), "POST");
}

/** Hides one update from the reporter (docs/decisions/015-reporter-actions.md). */
export function hideReporterUpdate(id: string, updateId: string, reason: string): Promise<StaffGrievanceDetail> {
  return sendJson<StaffGrievanceDetail>(pathTo(staffApiPaths.hideUpdate, { id, updateId }), "POST", { reason });
}
