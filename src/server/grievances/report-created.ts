import type { Queryable } from "../db/database.ts";
import type { GrievanceRow } from "./grievance-row.ts";

/**
 * What every new report gets in the transaction that stores it, whatever brought it (the form, Open311, a call taken
 * by staff, an SMS): its team from the routing rules and its due times from the service targets
 * (docs/decisions/029-teams-routing-and-assignment.md). Each step returns the row as it now stands.
 */
const STEPS: ((tx: Queryable, row: GrievanceRow) => Promise<GrievanceRow>)[] = [];

export async function completeNewReport(tx: Queryable, inserted: GrievanceRow): Promise<GrievanceRow> {
  let row = inserted;
  for (const step of STEPS) row = await step(tx, row);
  return row;
}
