import { storedLocale, translatorFor } from "../i18n/server-i18n.ts";
import { oneLine, render, type ComposedMessage } from "./message-templates.ts";
import type { OutboxEntry } from "./outbox.ts";

/**
 * The one message each follower of a report marked as a duplicate gets (docs/decisions/033-duplicates-calls-and-
 * templates.md): their report is closed in favour of the original, which they follow from now on. It stands for the
 * duplicate's own "resolved" update, so nobody is told twice.
 */

export interface ReportRef {
  id: string;
  reference: string;
  title: string;
}

export interface MergedFollower {
  duplicateFollowerId: string;
  email: string;
  locale: string;
  is_reporter: boolean;
  originalFollowerId: string | null;
}

export function duplicateMessage(
  locale: ReturnType<typeof storedLocale>,
  reports: { duplicate: ReportRef; original: ReportRef },
  reader: { following: boolean; reporter: boolean; originalUrl: string },
  unsubscribeUrl: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const { duplicate, original } = reports;
  const paragraphs: (string | { link: string; label: string })[] = [
    t('Report {reference}, "{title}", repeats report {original}, "{originalTitle}", and is closed in its favour.', {
      reference: duplicate.reference,
      title: oneLine(duplicate.title, 200),
      original: original.reference,
      originalTitle: oneLine(original.title, 200),
    }),
  ];
  if (reader.following)
    paragraphs.push(
      t("You now follow {original}: we will e-mail you when its status changes.", { original: original.reference }),
    );
  paragraphs.push({ link: reader.originalUrl, label: t("See the report and its progress") });
  const footer = reader.following
    ? t("You receive this because you follow {reference}.", { reference: original.reference })
    : reader.reporter
      ? t("You receive this because you reported {reference}.", { reference: duplicate.reference })
      : t("You receive this because you follow {reference}.", { reference: duplicate.reference });
  return render(
    locale,
    "update",
    t("Report {reference} is a duplicate of {original}", {
      reference: duplicate.reference,
      original: original.reference,
    }),
    paragraphs,
    unsubscribeUrl,
    footer,
  );
}

/**
 * One message per follower of the duplicate, in their language (delivery/notify.ts queues them). The message belongs
 * to their follow of the original when they now have one (its unsubscribe link ends that follow), else to their
 * follow of the duplicate. Keyed by the duplicate: the same merge never tells anyone twice.
 */
export function mergedFollowerMessages(
  reports: { duplicate: ReportRef; original: ReportRef },
  followers: readonly MergedFollower[],
  linkBase: string,
): OutboxEntry[] {
  const originalUrl = `${linkBase}/grievance/${encodeURIComponent(reports.original.id)}`;
  return followers.map((follower): OutboxEntry => {
    const following = follower.originalFollowerId !== null;
    return {
      grievanceId: following ? reports.original.id : reports.duplicate.id,
      followerId: follower.originalFollowerId ?? follower.duplicateFollowerId,
      event: `duplicate:${reports.duplicate.id}`,
      recipient: follower.email,
      linkBase,
      compose: (unsubscribeUrl) =>
        duplicateMessage(
          storedLocale(follower.locale),
          reports,
          { following, reporter: follower.is_reporter, originalUrl },
          unsubscribeUrl,
        ),
    };
  });
}
