import type { Status } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { queueSmsReceipt } from "../sms/sms-receipt.ts";
import { queueStatusSms } from "../sms/sms-updates.ts";
import { storedLocale } from "../i18n/server-i18n.ts";
import { followersToTell, insertReporterFollower } from "./follower-repository.ts";
import { enqueueMessage } from "./outbox.ts";
import { receiptMessage, updateMessage, type UpdateContent } from "./message-templates.ts";

/**
 * What other code calls inside its own transaction to have e-mail sent about a report
 * (docs/decisions/014-transactional-outbox-email.md). Nothing is sent from here: messages are queued in the
 * outbox and delivered by the worker once the transaction has committed; a rolled-back change leaves none.
 */

export interface SubmittedReport {
  id: string;
  reference: string;
  title: string;
  user_email: string | null;
  /** The reporter's language when they submitted (docs/decisions/019-languages.md): their messages are in it. */
  locale: Locale;
}

/**
 * On submit: when the reporter gave an e-mail, they follow the report from now on (confirmed: they typed the
 * address into the report themselves) and are sent a receipt with the reference and their private link, in the
 * language they reported in, as every later message to them.
 */
export async function notifyReportSubmitted(
  tx: Queryable,
  report: SubmittedReport,
  links: { trackingUrl: string; linkBase: string },
): Promise<void> {
  // By SMS too, when they asked for updates there (src/server/sms/sms-receipt.ts).
  await queueSmsReceipt(tx, report.id, links.trackingUrl);
  if (!report.user_email) return;
  const followerId = await insertReporterFollower(tx, {
    id: report.id,
    email: report.user_email,
    locale: report.locale,
  });
  await enqueueMessage(tx, {
    grievanceId: report.id,
    followerId: followerId ?? null,
    event: "submitted",
    recipient: report.user_email,
    linkBase: links.linkBase,
    compose: (unsubscribeUrl) => receiptMessage(report.locale, report, links.trackingUrl, unsubscribeUrl),
  });
}

/** A new public event of a report, told to its followers. */
export interface PublicReportEvent extends UpdateContent {
  grievanceId: string;
  /**
   * Unique per report and kind of event, e.g. "status:42" (grievance_events.id) or "reporter-update:17": the same
   * key twice queues nothing more, so each follower gets one message per event.
   */
  eventKey: string;
  /** PUBLIC_URL, or the origin of the request that made the change (tracking-url.ts linkBaseOf). */
  linkBase: string;
  /** An address not to tell, e.g. the reporter's when the event is their own update. */
  exceptEmail?: string;
}

/**
 * Tells every confirmed, not unsubscribed follower of a visible report about a new public event: the headline
 * and note, and the public page /grievance/:id, each in the follower's language. Nothing about a hidden report.
 * Returns how many messages were queued.
 */
export async function notifyFollowers(tx: Queryable, event: PublicReportEvent): Promise<number> {
  const rows = await followersToTell(tx, event.grievanceId, event.exceptEmail);
  let queued = 0;
  for (const follower of rows) {
    const url = `${event.linkBase}/grievance/${encodeURIComponent(event.grievanceId)}`;
    const added = await enqueueMessage(tx, {
      grievanceId: event.grievanceId,
      followerId: follower.id,
      event: event.eventKey,
      recipient: follower.email,
      linkBase: event.linkBase,
      compose: (unsubscribeUrl) =>
        updateMessage(
          storedLocale(follower.locale),
          follower,
          { headline: event.headline, note: event.note },
          { url, forReporter: follower.is_reporter },
          unsubscribeUrl,
        ),
    });
    if (added) queued++;
  }
  return queued;
}

/**
 * A staff status change of a report (or its incident's closure resolving it, or a technician's "fixed"), told to its
 * followers with the statuses' labels, filled in English and translated for each follower (message-templates.ts),
 * and to its reporter by SMS when they asked for updates there (src/server/sms/sms-updates.ts): every path that
 * changes a status tells through here.
 */
export async function notifyStatusChange(
  tx: Queryable,
  grievanceId: string,
  change: { eventId: string; from: Status; to: Status; note: string | null },
  linkBase: string,
): Promise<void> {
  await notifyFollowers(tx, {
    grievanceId,
    eventKey: `status:${change.eventId}`,
    headline: englishText(msg("status changed from {from} to {to}"), {
      from: statusLabel(change.from),
      to: statusLabel(change.to),
    }),
    note: change.note,
    linkBase,
  });
  await queueStatusSms(tx, grievanceId, change);
}
