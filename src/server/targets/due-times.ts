import type { Queryable } from "../db/database.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";
import { applyDueTimes } from "./target-repository.ts";

/**
 * A step of every new report (report-created.ts): its due times from its category's and priority's service targets,
 * or its priority's defaults, counted from its creation (docs/decisions/030-service-targets-and-escalation.md).
 */
export async function setDueTimes(tx: Queryable, row: GrievanceRow): Promise<GrievanceRow> {
  const due = await applyDueTimes(tx, row.id);
  return due ? { ...row, due_resolve_at: due.due_resolve_at } : row;
}
