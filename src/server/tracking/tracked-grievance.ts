import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import type { Queryable } from "../db/database.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";
import { toGrievanceView } from "../grievances/public-grievance.ts";
import { findIncidentOfReport } from "../incidents/incident-repository.ts";
import { findProgress } from "../progress/progress-repository.ts";
import { findVisibleUpdates } from "./reporter-update-repository.ts";
import { fixedQuestionOf } from "./reporter-workflow.ts";

/**
 * What the reporter's private page shows (GET /api/track/:token, and the answer to "Is it fixed?"): the report with
 * its contact details in full (but an SMS sender's number), the public timeline, the visible updates, the state of "Is it fixed?" and the water
 * incident it was linked to, as its public page shows it. Undefined when the report was hidden meanwhile: gone, as
 * for everyone.
 */
export async function trackedGrievanceOf(db: Queryable, row: GrievanceRow): Promise<TrackedGrievance | undefined> {
  const [progress, updates, fixedQuestion, incident] = await Promise.all([
    findProgress(db, row.id),
    findVisibleUpdates(db, row.id),
    fixedQuestionOf(db, row.id, row.status),
    findIncidentOfReport(db, row.id),
  ]);
  if (!progress) return undefined;
  const grievance = toGrievanceView(row);
  // An SMS sender's private link travels by SMS and may be passed on: their number is on no page, this one included
  // (docs/decisions/041-sms-for-staff.md).
  if (row.channel === "sms") grievance.user_phone = null;
  return { grievance, timeline: progress.timeline, updates, fixedQuestion, incident };
}
