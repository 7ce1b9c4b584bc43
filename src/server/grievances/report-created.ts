import type { Queryable } from "../db/database.ts";
import { setDueTimes } from "../targets/due-times.ts";
import { routeNewReport } from "../teams/report-routing.ts";
import type { GrievanceRow } from "./grievance-row.ts";

/** What the steps need beyond the row: the start of links in messages (PUBLIC_URL; http/public-links.ts). */
export interface NewReportContext {
  mailLinkBase: string;
}

/**
 * What every new report gets in the transaction that stores it, whatever brought it (the form, Open311, a call taken
 * by staff, an SMS): its team from the routing rules and its due times from the service targets
 * (docs/decisions/029-teams-routing-and-assignment.md). Each step returns the row as it now stands.
 */
const STEPS: ((tx: Queryable, row: GrievanceRow, context: NewReportContext) => Promise<GrievanceRow>)[] = [
  // Due times (docs/decisions/030-service-targets-and-escalation.md).
  setDueTimes,
  // Its team from the routing rules, and the team's inbox told (docs/decisions/029).
  routeNewReport,
];

export async function completeNewReport(
  tx: Queryable,
  inserted: GrievanceRow,
  context: NewReportContext,
): Promise<GrievanceRow> {
  let row = inserted;
  for (const step of STEPS) row = await step(tx, row, context);
  return row;
}
