import { staffQueueQuerySchema } from "#shared/staff/staff-schemas.ts";
import { listQueryFromSearchParams } from "#web/lib/list/list-query.ts";
import type { StaffQueueRequest } from "./staff-api.ts";

/**
 * The public list's keys (same parsing, docs/product-decisions.md D9) plus the console's own: overdue, reopened, hidden, affected
 * (someone else said "I have this problem too"), whose work (`work`) and the order.
 */
export function staffQueueQueryFromSearchParams(params: URLSearchParams): StaffQueueRequest {
  const query: StaffQueueRequest = listQueryFromSearchParams(params);
  const overdue = staffQueueQuerySchema.shape.overdue.safeParse(params.get("overdue") ?? undefined);
  if (overdue.success && overdue.data === true) query.overdue = true;
  const reopened = staffQueueQuerySchema.shape.reopened.safeParse(params.get("reopened") ?? undefined);
  if (reopened.success && reopened.data === true) query.reopened = true;
  const hidden = staffQueueQuerySchema.shape.hidden.safeParse(params.get("hidden") ?? undefined);
  if (hidden.success && hidden.data !== "include") query.hidden = hidden.data;
  const affected = staffQueueQuerySchema.shape.affected.safeParse(params.get("affected") ?? undefined);
  if (affected.success && affected.data === true) query.affected = true;
  // "Mine", "My teams", "Needs a team" (queue-views.tsx): `work` in the page's address, `view` in the API's.
  const view = staffQueueQuerySchema.shape.view.safeParse(params.get("work") ?? undefined);
  if (view.success && view.data !== undefined) query.view = view.data;
  const sort = staffQueueQuerySchema.shape.sort.safeParse(params.get("sort") ?? undefined);
  if (sort.success && sort.data !== "oldest-open") query.sort = sort.data;
  return query;
}
