import type { Queryable } from "../db/database.ts";
import { oneLine, render, type ComposedMessage } from "../notifications/message-templates.ts";
import { enqueueStaffMessage } from "../notifications/outbox.ts";

/** What the team's inbox is told of a report routed to it: what a dispatcher needs to pick it up. */
export interface RoutedReport {
  grievanceId: string;
  reference: string;
  title: string;
  /** The category's English name. */
  category: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * To a team's inbox, of a new report routed to it (docs/decisions/029-teams-routing-and-assignment.md): reference,
 * title, category, where, and the link to it in the console. In English: a team's inbox has no language. The
 * resident's words are kept on one line and escaped in the HTML part (render); nothing of the reporter's contact.
 */
export function teamNewReportMessage(
  report: RoutedReport,
  team: { name: string; consoleUrl: string },
): ComposedMessage {
  const { reference } = report;
  const pin = report.latitude !== null && report.longitude !== null ? `${report.latitude}, ${report.longitude}` : null;
  const where = [report.location ? oneLine(report.location, 200) : null, pin && `pin at ${pin}`].filter(Boolean);
  return render(
    "en",
    "team-new-report",
    `New report ${reference} for ${oneLine(team.name, 100)}: ${oneLine(report.title)}`,
    [
      `A new report has been routed to the team ${oneLine(team.name, 100)}.`,
      [
        `Reference: ${reference}`,
        `Title: ${oneLine(report.title, 200)}`,
        `Category: ${report.category}`,
        `Location: ${where.length > 0 ? where.join("; ") : "not given"}`,
      ].join("\n"),
      { link: team.consoleUrl, label: "Open the report in the console" },
    ],
    null,
    "You receive this because this address is the inbox of a team in the water utility's staff console.",
  );
}

/**
 * Queues the message in the transaction that stores the report: it exists if and only if the report does
 * (docs/decisions/014-transactional-outbox-email.md); once per report and team.
 */
export async function notifyTeamInbox(
  tx: Queryable,
  report: RoutedReport,
  team: { id: string; name: string; email: string },
  consoleUrl: string,
): Promise<void> {
  await enqueueStaffMessage(tx, {
    grievanceId: report.grievanceId,
    event: `team-new-report:${team.id}`,
    recipient: team.email,
    message: teamNewReportMessage(report, { name: team.name, consoleUrl }),
  });
}
