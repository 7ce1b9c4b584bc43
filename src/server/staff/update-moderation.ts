import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { hideReporterUpdateRow, lockReporterUpdateRow } from "./staff-change-repository.ts";

/**
 * Staff hide one update from the reporter (spam, abuse, personal data) with a reason; the row records when, why and
 * by whom (docs/decisions/015-reporter-actions.md). A hidden update leaves every public answer, and its images are
 * withheld like a hidden report's (GrievanceRepository.isImageOfHiddenReport). One transaction with the update's
 * row locked, so two staff hiding it at once get one success and one 409.
 */
export async function hideReporterUpdate(
  db: Database,
  grievanceId: string,
  updateId: string,
  reason: string,
  staffId: string,
): Promise<void> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (!UUID_PATTERN.test(updateId)) throw new HttpError(404, STAFF_MESSAGES.updateNotFound);
  await db.transaction(async (tx) => {
    const update = await lockReporterUpdateRow(tx, grievanceId, updateId);
    if (!update) throw new HttpError(404, STAFF_MESSAGES.updateNotFound);
    if (update.hidden_at !== null) throw new HttpError(409, STAFF_MESSAGES.updateAlreadyHidden);
    await hideReporterUpdateRow(tx, updateId, reason, staffId);
  });
}
