import { msg } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { incidentAlerts, type IncidentAlertEvent } from "../incidents/incident-alerts.ts";
import { mergedFollowerMessages, type MergedFollower, type ReportRef } from "../notifications/duplicate-message.ts";
import {
  followerMessages,
  reporterReceipt,
  statusHeadline,
  type SubmittedReport,
} from "../notifications/follower-messages.ts";
import { enqueueMessage, type OutboxEntry } from "../notifications/outbox.ts";
import { incidentSmsAlerts, incidentSmsEvent } from "../sms/sms-incident-alerts.ts";
import { enqueueSms, type SmsEntry } from "../sms/sms-outbox.ts";
import { smsReceipt } from "../sms/sms-receipt.ts";
import { statusSms, type StatusChangeForSms } from "../sms/sms-updates.ts";

/**
 * The one place that decides who hears about an event, on which channel (docs/decisions/046-one-delivery-runtime.md):
 * a report's reporter and followers, an incident's alert subscribers, by e-mail and by SMS. Called inside the
 * change's own transaction: what it queues exists if and only if the change commits (decision 014), and the outbox
 * driver delivers it afterwards. Nothing is sent from here.
 *
 * Consent is read with each audience: followers confirmed and not unsubscribed, alert subscriptions confirmed and
 * active, the reporter's phone only with "updates by SMS" given with an E.164 number (sms-updates.ts smsReporterOf),
 * nothing about a hidden report. STOP is kept at the SMS outbox's door (nothing queued to a number that said STOP,
 * sms-message-repository.ts) and read again at sending (sms-channel.ts). Each message is keyed by its event, so an
 * event told twice reaches nobody twice.
 */

export type NotifyEvent =
  /** A new report: the receipt to its reporter, by e-mail (who then follows it) and by SMS when they asked. */
  | { kind: "report-submitted"; report: SubmittedReport; trackingUrl: string; linkBase: string }
  /**
   * Staff's status change (or an incident's closure resolving the report, or a technician's "fixed"): the followers,
   * and the reporter by SMS, asked "Is it fixed?" once it is resolved.
   */
  | { kind: "status-changed"; grievanceId: string; change: StatusChangeForSms; linkBase: string }
  /** The reporter's own update: the other followers. */
  | {
      kind: "reporter-update";
      grievanceId: string;
      updateId: string;
      text: string;
      reporterEmail: string | null;
      linkBase: string;
    }
  /**
   * The reporter's "No, it is still a problem": the other followers, and the reporter's phone, unless they answered by
   * SMS (the reply to their answer tells them, sms-fixed-answer.ts).
   */
  | {
      kind: "reopened-by-reporter";
      grievanceId: string;
      eventId: string;
      note: string;
      reporterEmail: string | null | undefined;
      via: "page" | "sms";
      linkBase: string;
    }
  /**
   * A report marked as a duplicate and resolved: each of its followers one message about the merge (instead of the
   * resolution's), its reporter's phone the resolution without "Is it fixed?" (nothing was fixed).
   */
  | {
      kind: "marked-duplicate";
      duplicate: ReportRef;
      original: ReportRef;
      followers: readonly MergedFollower[];
      change: StatusChangeForSms;
      linkBase: string;
    }
  /** An incident declared, updated or closed: the e-mail and SMS subscribers whose area it concerns. */
  | { kind: "incident"; incidentId: string; event: IncidentAlertEvent; linkBase: string };

type Delivery = { channel: "email"; entry: OutboxEntry } | { channel: "sms"; entry: SmsEntry };

/** Queues what the event makes in the caller's transaction; resolves with how many were queued now, per channel. */
export async function notify(tx: Queryable, event: NotifyEvent): Promise<{ email: number; sms: number }> {
  const queued = { email: 0, sms: 0 };
  for (const delivery of await whoHears(tx, event)) {
    const added =
      delivery.channel === "email" ? await enqueueMessage(tx, delivery.entry) : await enqueueSms(tx, delivery.entry);
    if (added) queued[delivery.channel]++;
  }
  return queued;
}

const email = (entries: readonly (OutboxEntry | undefined)[]): Delivery[] =>
  entries.flatMap((entry) => (entry ? [{ channel: "email" as const, entry }] : []));
const sms = (entries: readonly (SmsEntry | undefined)[]): Delivery[] =>
  entries.flatMap((entry) => (entry ? [{ channel: "sms" as const, entry }] : []));

async function whoHears(tx: Queryable, event: NotifyEvent): Promise<Delivery[]> {
  switch (event.kind) {
    case "report-submitted":
      return [
        ...sms([await smsReceipt(tx, event.report.id, event.trackingUrl)]),
        ...email([await reporterReceipt(tx, event.report, event)]),
      ];
    case "status-changed": {
      const { grievanceId, change, linkBase } = event;
      const headline = statusHeadline(change.from, change.to);
      const eventKey = `status:${change.eventId}`;
      return [
        ...email(await followerMessages(tx, { grievanceId, eventKey, headline, note: change.note, linkBase })),
        ...sms([await statusSms(tx, grievanceId, change)]),
      ];
    }
    case "reporter-update":
      return email(
        await followerMessages(tx, {
          grievanceId: event.grievanceId,
          eventKey: `reporter-update:${event.updateId}`,
          headline: msg("the reporter added an update"),
          note: event.text,
          linkBase: event.linkBase,
          exceptEmail: event.reporterEmail,
        }),
      );
    case "reopened-by-reporter": {
      const followers = await followerMessages(tx, {
        grievanceId: event.grievanceId,
        eventKey: `status:${event.eventId}`,
        headline: msg("the reporter says it is still a problem: status changed from Resolved to In progress"),
        note: event.note,
        linkBase: event.linkBase,
        exceptEmail: event.reporterEmail,
      });
      if (event.via === "sms") return email(followers);
      const change = { eventId: event.eventId, from: "resolved", to: "in-progress", note: event.note } as const;
      return [...email(followers), ...sms([await statusSms(tx, event.grievanceId, change)])];
    }
    case "marked-duplicate":
      return [
        ...sms([await statusSms(tx, event.duplicate.id, event.change, { askFixed: false })]),
        ...email(mergedFollowerMessages(event, event.followers, event.linkBase)),
      ];
    case "incident": {
      const alerts = await incidentAlerts(tx, event);
      const texts = await incidentSmsAlerts(tx, {
        ...alerts.forSms,
        event: incidentSmsEvent(event.incidentId, event.event),
      });
      return [...email(alerts.email), ...sms(texts)];
    }
  }
}
