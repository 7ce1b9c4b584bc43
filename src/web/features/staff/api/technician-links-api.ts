import { pathTo } from "#shared/api-paths.ts";
import type { TechnicianLink, TechnicianLinkCreated, TechnicianLinkList } from "#shared/field/field.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Technicians' one-time links of a report (docs/decisions/031-technician-links.md). */
export function listTechnicianLinks(id: string, signal?: AbortSignal): Promise<TechnicianLinkList> {
  return apiFetch<TechnicianLinkList>(pathTo(staffApiPaths.technicianLinks, { id }), { signal });
}

/** Sends the link by e-mail; the answer holds it too. */
export function createTechnicianLink(id: string, email: string): Promise<TechnicianLinkCreated> {
  return apiFetch<TechnicianLinkCreated>(pathTo(staffApiPaths.technicianLinks, { id }), {
    method: "POST",
    body: JSON.stringify({ email }),
    headers: { "Content-Type": "application/json" },
  });
}

export function revokeTechnicianLink(id: string, linkId: string): Promise<TechnicianLink> {
  return apiFetch<TechnicianLink>(pathTo(staffApiPaths.technicianLinkRevoke, { id, linkId }), { method: "POST" });
}
