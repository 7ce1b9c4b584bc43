import { consoleReportPagePath } from "#shared/page-paths.ts";
import { withoutBidiControls } from "../http/outgoing-text.ts";
import { oneLine } from "../notifications/message-templates.ts";
import type { ClaimedMiss } from "./escalation-repository.ts";

/**
 * The message of a missed target, to staff (a team's supervisor and inbox, or the administrators): in English, as
 * the portal knows no staff member's language. The title is the resident's text: escaped in the HTML part, on one
 * line in the subject, its bidirectional controls removed everywhere (outgoing-text.ts).
 */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const WHAT = { acknowledge: "acknowledged", resolve: "resolved" } as const;

export interface EscalationMessage {
  subject: string;
  text: string;
  html: string;
}

/** `why`: the reader's reason to receive it; `linkBase`: from configuration only (http/public-links.ts). */
export function escalationMessage(miss: ClaimedMiss, why: string, linkBase: string): EscalationMessage {
  const due = new Date(miss.due_at).toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const link = linkBase + consoleReportPagePath(miss.grievance_id);
  const team = miss.team_name ? `the team ${miss.team_name}` : "no team yet";
  const subject = `Overdue: ${miss.reference} was not ${WHAT[miss.target]} in time: ${oneLine(miss.title)}`;
  const paragraphs = [
    `Report ${miss.reference} "${oneLine(miss.title, 200)}" was due to be ${WHAT[miss.target]} by ${due} and was not.`,
    `It is assigned to ${team}. Please see to it or hand it on.`,
  ];
  const text = `${paragraphs.join("\n\n")}\n\nThe report in the console: ${link}\n\n--\n${why}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">The report in the console</a></p>
<hr>
<p><small>${escapeHtml(why)}</small></p>
</body></html>
`;
  return { subject: withoutBidiControls(subject), text: withoutBidiControls(text), html: withoutBidiControls(html) };
}
