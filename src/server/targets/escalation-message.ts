import { consoleReportPagePath } from "#shared/page-paths.ts";
import { oneLine, render, type ComposedMessage } from "../notifications/message-templates.ts";
import type { ClaimedMiss } from "./escalation-repository.ts";

/**
 * The message of a missed target, to staff (a team's supervisor and inbox, or the administrators): in English, as
 * the portal knows no staff member's language. The title is the resident's text: escaped and kept on one line by
 * render(), its bidirectional controls removed everywhere (outgoing-text.ts).
 */

const WHAT = { acknowledge: "acknowledged", resolve: "resolved" } as const;

/** `why`: the reader's reason to receive it; `linkBase`: from configuration only (http/public-links.ts). */
export function escalationMessage(miss: ClaimedMiss, why: string, linkBase: string): ComposedMessage {
  const due = new Date(miss.due_at).toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const team = miss.team_name ? `the team ${miss.team_name}` : "no team yet";
  return render(
    "en",
    "escalation",
    `Overdue: ${miss.reference} was not ${WHAT[miss.target]} in time: ${oneLine(miss.title)}`,
    [
      `Report ${miss.reference} "${oneLine(miss.title, 200)}" was due to be ${WHAT[miss.target]} by ${due} and was not.`,
      `It is assigned to ${team}. Please see to it or hand it on.`,
      { link: linkBase + consoleReportPagePath(miss.grievance_id), label: "The report in the console" },
    ],
    null,
    why,
  );
}
