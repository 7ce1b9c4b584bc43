import { staffApiPaths } from "#shared/staff/staff-api.ts";
import type { ServiceTarget, ServiceTargetInput, ServiceTargetList } from "#shared/targets/target-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Service targets (docs/decisions/030-service-targets-and-escalation.md): read and set by administrators. */
export const getServiceTargets = (signal?: AbortSignal) =>
  apiFetch<ServiceTargetList>(staffApiPaths.adminServiceTargets, { signal });

export const setServiceTarget = (input: ServiceTargetInput) =>
  apiFetch<ServiceTarget>(staffApiPaths.adminServiceTargets, {
    method: "PUT",
    body: JSON.stringify(input),
    headers: { "Content-Type": "application/json" },
  });
