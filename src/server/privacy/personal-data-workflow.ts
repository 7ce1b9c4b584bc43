import type { ErasureResult, PersonalData } from "#shared/api-schemas/personal-data.ts";
import type { FindPersonalDataQuery } from "#shared/privacy/personal-data.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import {
  alertSubscriptionsOf,
  deleteReportSms,
  deleteReporterFollower,
  emailsTo,
  eraseReportContact,
  followsOf,
  forgetMessagesTo,
  lockReportContact,
  reporterUpdateBodies,
  reportsOf,
  setReporterUpdateBody,
  smsNumbersOf,
  smsOf,
  type Person,
} from "./personal-data-repository.ts";
import { phoneKey, scrubContactDetails } from "./personal-data-scrub.ts";

/**
 * Erasure and access on request (docs/decisions/043-erasure-and-access-on-request.md), the GDPR's articles 15 and
 * 17 and their equals in Kenya's, India's and South Africa's laws.
 */

/**
 * Erases one report's personal data in one transaction: its contact details (and the consent to SMS that went with
 * the number), e-mail addresses and phone numbers typed into its text and its reporter's updates (replaced by a
 * marker), the reporter's follow, the address on the e-mail sent about it (waiting messages are not sent), and its
 * SMS. The public record stays: the report, its status, photos and timeline. Recorded in the audit log with the
 * reason, the same transaction.
 */
export async function erasePersonalData(
  db: Database,
  grievanceId: string,
  actor: AuditActor | "reporter",
  reason: string,
): Promise<ErasureResult> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const report = await lockReportContact(tx, grievanceId);
    if (!report) throw new HttpError(404, STAFF_MESSAGES.notFound);
    const title = scrubContactDetails(report.title);
    const description = scrubContactDetails(report.description);
    const location = report.location === null ? null : scrubContactDetails(report.location);
    await eraseReportContact(tx, grievanceId, {
      title: title.text,
      description: description.text,
      location: location?.text ?? null,
    });
    const result: ErasureResult = {
      reference: report.reference,
      contactDetails: report.user_email !== null || report.user_phone !== null,
      inReport: title.replaced + description.replaced + (location?.replaced ?? 0),
      inUpdates: await scrubUpdates(tx, grievanceId),
      follows: await deleteReporterFollower(tx, grievanceId),
      emails: report.user_email ? await forgetMessagesTo(tx, grievanceId, report.user_email) : 0,
      sms: await deleteReportSms(tx, grievanceId),
    };
    const { reference, ...erased } = result;
    await recordAudit(tx, actor, {
      action: "grievance.erase_personal_data",
      target: reference,
      details: { reason, ...erased },
    });
    return result;
  });
}

async function scrubUpdates(tx: Queryable, grievanceId: string): Promise<number> {
  let replaced = 0;
  for (const update of await reporterUpdateBodies(tx, grievanceId)) {
    const scrubbed = scrubContactDetails(update.body);
    if (scrubbed.replaced === 0) continue;
    await setReporterUpdateBody(tx, update.id, scrubbed.text);
    replaced += scrubbed.replaced;
  }
  return replaced;
}

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/**
 * Everything held about an e-mail address or a phone number: reports, follows, incident alert subscriptions, the
 * e-mail and SMS sent and received. The lookup itself is recorded in the audit log (who looked up whom), since it
 * gathers a person's data in one place.
 */
export async function findPersonalData(
  db: Database,
  query: FindPersonalDataQuery,
  actor: AuditActor,
  controller: PersonalData["controller"],
  now: Date,
): Promise<PersonalData> {
  const person: Person = query.email !== undefined ? { email: query.email } : { phoneKey: phoneKey(query.phone ?? "") };
  const email = "email" in person ? person.email : undefined;
  const key = "phoneKey" in person ? person.phoneKey : undefined;
  const [reports, follows, subscriptions, emails, numbers, sms] = await Promise.all([
    reportsOf(db, person),
    email ? followsOf(db, email) : [],
    alertSubscriptionsOf(db, person),
    email ? emailsTo(db, email) : [],
    key ? smsNumbersOf(db, key) : [],
    key ? smsOf(db, key) : [],
  ]);
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: "personal_data.find",
      target: email ?? query.phone ?? "",
      details: { reports: reports.length, follows: follows.length, emails: emails.length, sms: sms.length },
    }),
  );
  return {
    asked: { email: query.email ?? null, phone: query.phone ?? null },
    generatedAt: now.toISOString(),
    controller,
    reports: reports.map((r) => ({
      id: r.id,
      reference: r.reference,
      title: r.title,
      description: r.description,
      location: r.location,
      status: r.status,
      channel: r.channel,
      createdAt: new Date(r.created_at).toISOString(),
      email: r.user_email,
      phone: r.user_phone,
      smsUpdates: r.sms_updates,
      hidden: r.hidden_at !== null,
    })),
    follows: follows.map((f) => ({
      reference: f.reference,
      email: f.email,
      asReporter: f.is_reporter,
      createdAt: new Date(f.created_at).toISOString(),
      confirmedAt: iso(f.confirmed_at),
      unsubscribedAt: iso(f.unsubscribed_at),
    })),
    alertSubscriptions: subscriptions.map((s) => ({
      channel: s.channel,
      address: s.address,
      locality: s.locality,
      latitude: s.latitude,
      longitude: s.longitude,
      radiusMetres: s.radius_metres,
      createdAt: new Date(s.created_at).toISOString(),
      confirmedAt: iso(s.confirmed_at),
      endedAt: iso(s.ended_at),
    })),
    emails: emails.map((m) => ({
      reference: m.reference,
      recipient: m.recipient,
      kind: m.kind,
      subject: m.subject,
      createdAt: new Date(m.created_at).toISOString(),
      sentAt: iso(m.sent_at),
      failedAt: iso(m.failed_at),
    })),
    smsNumbers: numbers.map((n) => ({
      phone: n.phone,
      language: n.locale,
      stoppedAt: iso(n.stopped_at),
      firstSeenAt: new Date(n.created_at).toISOString(),
    })),
    sms: sms.map((m) => ({
      reference: m.reference,
      direction: m.direction,
      phone: m.phone,
      text: m.body,
      at: new Date(m.created_at).toISOString(),
      sentAt: iso(m.sent_at),
      delivery: m.delivery,
    })),
  };
}
