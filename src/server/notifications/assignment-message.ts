import type { Queryable } from "../db/database.ts";
import { consoleReportPagePath } from "#shared/page-paths.ts";
import { oneLine, render, type ComposedMessage } from "./message-templates.ts";
import { enqueueStaffMessage } from "./outbox.ts";

/**
 * To a staff member a report was assigned to (docs/decisions/029-teams-routing-and-assignment.md): its reference,
 * title and the link to it in the console. In English: staff accounts hold no language. The title is the
 * resident's words, escaped in the HTML part and kept on one line (render); never an internal note.
 */
export function assignmentMessage(
  report: { reference: string; title: string },
  assignment: { teamName: string; consoleUrl: string },
): ComposedMessage {
  const { reference } = report;
  return render(
    "en",
    "assignment",
    `Report ${reference} assigned to you: ${oneLine(report.title)}`,
    [
      `Report ${reference}, "${oneLine(report.title, 200)}", has been assigned to you in the team ${oneLine(assignment.teamName)}.`,
      { link: assignment.consoleUrl, label: "Open the report in the console" },
    ],
    null,
    `You receive this because a report was assigned to you in the staff console.`,
  );
}

/**
 * Queues the message in the assignment's transaction: it exists if and only if the assignment committed
 * (docs/decisions/014-transactional-outbox-email.md). One per assignment event: reassigning to the same person
 * later tells them again.
 */
export async function notifyAssignee(
  tx: Queryable,
  assignment: {
    grievanceId: string;
    eventId: string;
    report: { reference: string; title: string };
    teamName: string;
    recipient: string;
    linkBase: string;
  },
): Promise<void> {
  const consoleUrl = `${assignment.linkBase}${consoleReportPagePath(assignment.grievanceId)}`;
  await enqueueStaffMessage(tx, {
    grievanceId: assignment.grievanceId,
    event: `assigned:${assignment.eventId}`,
    recipient: assignment.recipient,
    message: assignmentMessage(assignment.report, { teamName: assignment.teamName, consoleUrl }),
  });
}
