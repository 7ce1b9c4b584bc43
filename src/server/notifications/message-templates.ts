import type { NotificationKind } from "#shared/notifications/follow.ts";
import { directionOf, type Locale } from "#shared/i18n/locales.ts";
import { withoutBidiControls } from "../http/outgoing-text.ts";
import { translateFor, translatorFor } from "../i18n/server-i18n.ts";

/**
 * The texts of the messages (decision 014). Each has a plain-text and an HTML part with the same content, the report's
 * reference in the subject, the link to follow, and an unsubscribe link at the end. User text (title, notes) is
 * escaped in the HTML part and kept on one line in the subject. Each message is worded in its reader's language
 * (the reporter's or follower's, stored when they reported or followed: docs/decisions/019-languages.md); in
 * English the texts are the message ids themselves.
 */

/** The outbox's kinds (migration 018): a report's messages, and an incident alert subscription's. */
export type MessageKind = NotificationKind | "incident-alert" | "incident-confirm";

export interface ComposedMessage {
  kind: MessageKind;
  subject: string;
  text: string;
  html: string;
}

interface ReportRef {
  reference: string;
  title: string;
}

// Runs of white space become one space; a no-break space stays, as French sets one before a colon or inside « ».
export const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/(?:(?!\u00a0)\s)+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** "Label: link" in the plain-text part. French sets a (non-breaking) space before a colon; the others do not. */
const labelled = (locale: Locale, label: string, value: string, between: string) =>
  `${label}${locale === "fr" ? "\u00a0:" : ":"}${between}${value}`;

/**
 * Paragraphs of plain text (and links) into both parts, plus the footer with the unsubscribe link; messages to staff
 * (their work, not a subscription) have none: `unsubscribeUrl` null.
 */
export function render(
  locale: Locale,
  kind: MessageKind,
  subject: string,
  paragraphs: (string | { link: string; label: string })[],
  unsubscribeUrl: string | null,
  footer: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const unsubscribeLabel = t("Unsubscribe");
  const text = [
    ...paragraphs.map((p) => (typeof p === "string" ? p : labelled(locale, p.label, p.link, "\n"))),
    "--",
    unsubscribeUrl ? `${footer}\n${labelled(locale, unsubscribeLabel, unsubscribeUrl, " ")}` : footer,
  ].join("\n\n");
  const htmlParagraphs = paragraphs
    .map((p) =>
      typeof p === "string"
        ? `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join("\n");
  // English keeps its original first line: the messages' English must not change.
  const htmlAttributes = locale === "en" ? 'lang="en"' : `lang="${locale}" dir="${directionOf(locale)}"`;
  const html = `<!doctype html>
<html ${htmlAttributes}><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
${htmlParagraphs}
<hr>
<p><small>${escapeHtml(footer)}${unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeLabel)}</a>` : ""}</small></p>
</body></html>
`;
  // Every message leaves through here: the bidirectional controls of a title or note cannot reorder a subject or a
  // line (outgoing-text.ts; the catalogues hold none).
  return {
    kind,
    subject: withoutBidiControls(subject),
    text: withoutBidiControls(`${text}\n`),
    html: withoutBidiControls(html),
  };
}

/** To the reporter who gave an e-mail, when the report is stored. */
export function receiptMessage(
  locale: Locale,
  report: ReportRef,
  trackingUrl: string,
  unsubscribeUrl: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const { reference } = report;
  return render(
    locale,
    "receipt",
    t("Report {reference} received: {title}", { reference, title: oneLine(report.title) }),
    [
      t('Thank you for your report "{title}". Its reference is {reference}.', {
        title: oneLine(report.title, 200),
        reference,
      }),
      t(
        "Your private link shows the report with your contact details and its progress. Keep it to yourself: whoever has it sees your contact details.",
      ),
      { link: trackingUrl, label: t("Your private link to the report") },
      t("We will e-mail you when its status changes."),
    ],
    unsubscribeUrl,
    t("You receive this because you reported {reference}.", { reference }),
  );
}

/** To an address that asked to follow a report: the only message before it is confirmed. */
export function confirmMessage(
  locale: Locale,
  report: ReportRef,
  confirmUrl: string,
  unsubscribeUrl: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const { reference } = report;
  return render(
    locale,
    "confirm",
    t("Confirm updates on report {reference}", { reference }),
    [
      t('Someone, probably you, asked for e-mail updates on report {reference}, "{title}".', {
        reference,
        title: oneLine(report.title, 200),
      }),
      t("Open this link to confirm. If it was not you, ignore this message: nothing more will be sent."),
      { link: confirmUrl, label: t("Confirm the updates") },
    ],
    unsubscribeUrl,
    t("You receive this because this address was entered to follow {reference}.", { reference }),
  );
}

export interface UpdateContent {
  /**
   * What happened, in English, e.g. "status changed from Pending to In progress" (in the subject after the
   * reference): a message id, or a template's English filled in (englishText), translated for each reader.
   */
  headline: string;
  /** The public text that comes with it (a status change's note), or null. Staff's or the reporter's own words. */
  note: string | null;
}

/** To a confirmed follower: a new public event of the report. The reporter's copy says where the private link is. */
export function updateMessage(
  locale: Locale,
  report: ReportRef,
  update: UpdateContent,
  link: { url: string; forReporter: boolean },
  unsubscribeUrl: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const { reference } = report;
  const headline = translateFor(locale, update.headline);
  const paragraphs: (string | { link: string; label: string })[] = [
    t('Report {reference}, "{title}": {headline}.', { reference, title: oneLine(report.title, 200), headline }),
  ];
  if (update.note) paragraphs.push(t("Note: {note}", { note: update.note }));
  paragraphs.push({ link: link.url, label: t("See the report and its progress") });
  if (link.forReporter) {
    paragraphs.push(
      t('Your private link to the report is in the message "Report {reference} received" we sent you.', { reference }),
    );
  }
  return render(
    locale,
    "update",
    t("Report {reference}: {headline}", { reference, headline: oneLine(headline) }),
    paragraphs,
    unsubscribeUrl,
    link.forReporter
      ? t("You receive this because you reported {reference}.", { reference })
      : t("You receive this because you follow {reference}.", { reference }),
  );
}
