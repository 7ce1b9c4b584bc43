import { pathTo } from "#shared/api-paths.ts";
import type { OfferedTemplates } from "#shared/admin/response-template-schemas.ts";
import type { StaffGrievanceDetail, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/**
 * Requests of a call taken for a resident, a duplicate and the response templates
 * (docs/decisions/033-duplicates-calls-and-templates.md). From the portal's own origin like every console change.
 */

/** The public form's fields, the channel and the photos, as multipart (the browser sets the boundary). */
export function takeReport(form: FormData): Promise<StaffGrievanceDetail> {
  return apiFetch<StaffGrievanceDetail>(staffApiPaths.grievances, { method: "POST", body: form });
}

export function markDuplicate(id: string, duplicateOfId: string): Promise<StaffGrievanceDetail> {
  return apiFetch<StaffGrievanceDetail>(pathTo(staffApiPaths.duplicate, { id }), {
    method: "POST",
    body: JSON.stringify({ duplicateOfId }),
    headers: { "Content-Type": "application/json" },
  });
}

/** Reports matching a reference or words, for choosing the original of a duplicate: the queue's search. */
export function findReports(q: string, signal?: AbortSignal): Promise<StaffQueueResponse> {
  return apiFetch<StaffQueueResponse>(`${staffApiPaths.grievances}${searchOf({ q, pageSize: 6, sort: "newest" })}`, {
    signal,
  });
}

/** Every status's active templates, the report's reporter's language first. */
export function getOfferedTemplates(grievanceId: string, signal?: AbortSignal): Promise<OfferedTemplates> {
  return apiFetch<OfferedTemplates>(`${staffApiPaths.responseTemplates}${searchOf({ grievanceId })}`, { signal });
}
