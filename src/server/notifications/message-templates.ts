import type { NotificationKind } from "../../shared/follow.ts";

/**
 * The texts of the messages (issue 8). Each has a plain-text and an HTML part with the same content, the report's
 * reference in the subject, the link to follow, and an unsubscribe link at the end. User text (title, notes) is
 * escaped in the HTML part and kept on one line in the subject.
 */

export interface ComposedMessage {
  kind: NotificationKind;
  subject: string;
  text: string;
  html: string;
}

interface ReportRef {
  reference: string;
  title: string;
}

const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Paragraphs of plain text (and links) into both parts, plus the footer with the unsubscribe link. */
function render(kind: NotificationKind, subject: string, paragraphs: (string | { link: string; label: string })[], unsubscribeUrl: string, footer: string): ComposedMessage {
  const text = [
    ...paragraphs.map((p) => (typeof p === "string" ? p : `${p.label}:\n${p.link}`)),
    "--",
    `${footer}\nUnsubscribe: ${unsubscribeUrl}`,
  ].join("\n\n");
  const htmlParagraphs = paragraphs
    .map((p) =>
      typeof p === "string"
        ? `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
${htmlParagraphs}
<hr>
<p><small>${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></small></p>
</body></html>
`;
  return { kind, subject, text: `${text}\n`, html };
}

/** To the reporter who gave an e-mail, when the report is stored. */
export function receiptMessage(report: ReportRef, trackingUrl: string, unsubscribeUrl: string): ComposedMessage {
  return render(
    "receipt",
    `Report ${report.reference} received: ${oneLine(report.title)}`,
    [
      `Thank you for your report "${oneLine(report.title, 200)}". Its reference is ${report.reference}.`,
      "Your private link shows the report with your contact details and its progress. Keep it to yourself: whoever has it sees your contact details.",
      { link: trackingUrl, label: "Your private link to the report" },
      "We will e-mail you when its status changes.",
    ],
    unsubscribeUrl,
    `You receive this because you reported ${report.reference}.`,
  );
}

/** To an address that asked to follow a report: the only message before it is confirmed. */
export function confirmMessage(report: ReportRef, confirmUrl: string, unsubscribeUrl: string): ComposedMessage {
  return render(
    "confirm",
    `Confirm updates on report ${report.reference}`,
    [
      `Someone, probably you, asked for e-mail updates on report ${report.reference}, "${oneLine(report.title, 200)}".`,
      "Open this link to confirm. If it was not you, ignore this message: nothing more will be sent.",
      { link: confirmUrl, label: "Confirm the updates" },
    ],
    unsubscribeUrl,
    `You receive this because this address was entered to follow ${report.reference}.`,
  );
}

export interface UpdateContent {
  /** What happened, e.g. "Status changed to In progress" (in the subject after the reference). */
  headline: string;
  /** The public text that comes with it (a status change's note), or null. */
  note: string | null;
}

/** To a confirmed follower: a new public event of the report. The reporter's copy says where the private link is. */
export function updateMessage(
  report: ReportRef,
  update: UpdateContent,
  link: { url: string; forReporter: boolean },
  unsubscribeUrl: string,
): ComposedMessage {
  const paragraphs: (string | { link: string; label: string })[] = [
    `Report ${report.reference}, "${oneLine(report.title, 200)}": ${update.headline}.`,
  ];
  if (update.note) paragraphs.push(`Note: ${update.note}`);
  paragraphs.push({ link: link.url, label: "See the report and its progress" });
  if (link.forReporter) {
    paragraphs.push(`Your private link to the report is in the message "Report ${report.reference} received" we sent you.`);
  }
  return render(
    "update",
    `Report ${report.reference}: ${oneLine(update.headline)}`,
    paragraphs,
    unsubscribeUrl,
    link.forReporter
      ? `You receive this because you reported ${report.reference}.`
      : `You receive this because you follow ${report.reference}.`,
  );
}
