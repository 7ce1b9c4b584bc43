import type { Status } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { storedLocale } from "../i18n/server-i18n.ts";
import { followersToTell, insertReporterFollower } from "./follower-repository.ts";
import { receiptMessage, updateMessage, type UpdateContent } from "./message-templates.ts";
import type { OutboxEntry } from "./outbox.ts";

/**
 * The e-mail a report's events make (docs/decisions/014-transactional-outbox-email.md): who of its reporter and
 * followers is told, and what. delivery/notify.ts queues them in the caller's transaction, beside the SMS.
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
export async function reporterReceipt(
  tx: Queryable,
  report: SubmittedReport,
  links: { trackingUrl: string; linkBase: string },
): Promise<OutboxEntry | undefined> {
  if (!report.user_email) return undefined;
  const followerId = await insertReporterFollower(tx, {
    id: report.id,
    email: report.user_email,
    locale: report.locale,
  });
  return {
    grievanceId: report.id,
    followerId: followerId ?? null,
    event: "submitted",
    recipient: report.user_email,
    linkBase: links.linkBase,
    compose: (unsubscribeUrl) => receiptMessage(report.locale, report, links.trackingUrl, unsubscribeUrl),
  };
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
  exceptEmail?: string | null | undefined;
}

/**
 * Every confirmed, not unsubscribed follower of a visible report told about a new public event: the headline and
 * note, and the public page /grievance/:id, each in the follower's language. Nothing about a hidden report.
 */
export async function followerMessages(tx: Queryable, event: PublicReportEvent): Promise<OutboxEntry[]> {
  const rows = await followersToTell(tx, event.grievanceId, event.exceptEmail ?? undefined);
  const url = `${event.linkBase}/grievance/${encodeURIComponent(event.grievanceId)}`;
  return rows.map((follower): OutboxEntry => ({
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
  }));
}

/** A status change's headline, filled in English and translated for each follower (message-templates.ts). */
export const statusHeadline = (from: Status, to: Status): string =>
  englishText(msg("status changed from {from} to {to}"), { from: statusLabel(from), to: statusLabel(to) });
