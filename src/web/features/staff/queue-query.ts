import { staffQueueQuerySchema } from "../../../shared/staff-schemas.ts";
import { listQueryFromSearchParams } from "../grievances/list-query.ts";
import type { StaffQueueRequest } from "./api/staff-api.ts";

/** The public list's keys (same parsing, DESIGN.md D9) plus the console's own: overdue, reopened and hidden. */
export function staffQueueQueryFromSearchParams(params: URLSearchParams): StaffQueueRequest {
  const query: StaffQueueRequest = listQueryFromSearchParams(params);
  const overdue = staffQueueQuerySchema.shape.overdue.safeParse(params.get("overdue") ?? undefined);
  if (overdue.success && overdue.data === true) query.overdue = true;
  const reopened = staffQueueQuerySchema.shape.reopened.safeParse(params.get("reopened") ?? undefined);
  if (reopened.success && reopened.data === true) query.reopened = true;
  const hidden = staffQueueQuerySchema.shape.hidden.safeParse(params.get("hidden") ?? undefined);
  if (hidden.success && hidden.data !== "include") query.hidden = hidden.data;
  return query;
}
