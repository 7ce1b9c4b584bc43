import { randomUUID } from "node:crypto";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { STAFF_SMS_MESSAGES, type GrievanceLocationInput } from "#shared/staff/staff-sms-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { refusePinOutsideArea } from "../places/pin-in-area.ts";
import { toE164 } from "../sms/phone-number.ts";
import type { SmsConfig } from "../sms/sms-config.ts";
import { enqueueSms } from "../sms/sms-outbox.ts";
import { MAX_PARTS, partsOf } from "../sms/sms-text.ts";
import { routeNewReport } from "../teams/report-routing.ts";
import { lockReportPlace, recordPlaceEvent, updateReportPlace } from "./report-place-repository.ts";
import { isStopped, lockReportForSms } from "./staff-sms-repository.ts";

/**
 * The staff's side of SMS (docs/decisions/041-sms-for-staff.md): a message to a report's reporter from its page,
 * queued through the SMS outbox in the transaction that records it in the audit log; and the place staff set for a
 * report that came without one (an SMS names a place in words, or none), after which the routing rules by area
 * apply to a report still without a team.
 */

type Actor = Exclude<AuditActor, "command line">;

export async function sendSmsToReporter(
  db: Database,
  sms: SmsConfig | undefined,
  grievanceId: string,
  text: string,
  actor: Actor,
): Promise<void> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (partsOf(text) > MAX_PARTS) throw new HttpError(400, STAFF_SMS_MESSAGES.tooLong);
  await db.transaction(async (tx) => {
    const report = await lockReportForSms(tx, grievanceId);
    if (!report) throw new HttpError(404, STAFF_MESSAGES.notFound);
    // Checked after the report exists, so an unknown report is a 404 whether SMS is set up or not.
    if (!sms) throw new HttpError(409, STAFF_SMS_MESSAGES.smsOff);
    if (!report.user_phone) throw new HttpError(409, STAFF_SMS_MESSAGES.noPhone);
    const phone = toE164(report.user_phone, sms.defaultCountry);
    if (!phone) throw new HttpError(409, STAFF_SMS_MESSAGES.unreadablePhone);
    if (await isStopped(tx, phone)) throw new HttpError(409, STAFF_SMS_MESSAGES.stopped);
    const queued = await enqueueSms(tx, {
      phone,
      grievanceId,
      event: `staff:${randomUUID()}`,
      kind: "staff",
      body: text,
      staffAccountId: actor.id,
    });
    // The event is new, so only a STOP that committed since the check above refuses it.
    if (!queued) throw new HttpError(409, STAFF_SMS_MESSAGES.stopped);
    await recordAudit(tx, actor, {
      action: "grievance.sms_send",
      target: report.reference,
      details: { parts: partsOf(text) },
    });
  });
}

export async function setGrievanceLocation(
  deps: { db: Database; serviceArea: ServiceAreaGeometry | undefined; mailLinkBase: string },
  grievanceId: string,
  place: GrievanceLocationInput,
  actor: Actor,
): Promise<void> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  refusePinOutsideArea(deps.serviceArea, place);
  await deps.db.transaction(async (tx) => {
    const before = await lockReportPlace(tx, grievanceId);
    if (!before) throw new HttpError(404, STAFF_MESSAGES.notFound);
    const row = await updateReportPlace(tx, grievanceId, place);
    const from = { latitude: before.latitude, longitude: before.longitude, location: before.location };
    const to = { latitude: row.latitude, longitude: row.longitude, location: row.location };
    await recordPlaceEvent(tx, grievanceId, actor.id, { from, to });
    await recordAudit(tx, actor, { action: "grievance.set_location", target: before.reference, details: { from, to } });
    // A report that waited for a team because no rule without an area matched it may match one by its area now.
    if (before.team_id === null) await routeNewReport(tx, row, { mailLinkBase: deps.mailLinkBase });
  });
}
