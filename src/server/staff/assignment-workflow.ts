import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { notifyAssignee } from "../notifications/assignment-message.ts";
import { findTeam, findTeamMember, lockAssignableReport, recordAssignment } from "./assignment-repository.ts";

/**
 * Assigning a report to a team and, optionally, one of its members (docs/decisions/029-teams-routing-and-assignment.md).
 * One transaction: the report locked, the team and person checked, the row changed, the 'assigned' event on the
 * staff timeline, the audit log's entry and the e-mail to the person queued in the outbox. Reassigning is the same.
 */

export interface Assignment {
  teamId: string;
  /** A member of the team; null or absent: the team as a whole. */
  staffAccountId?: string | null | undefined;
}

/** The assignment inside the caller's transaction (a bulk action runs one per report). Returns the reference. */
export async function assignIn(
  tx: Queryable,
  id: string,
  assignment: Assignment,
  actor: Exclude<AuditActor, "command line">,
  mailLinkBase: string,
): Promise<string> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const report = await lockAssignableReport(tx, id);
  if (!report) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const team = UUID_PATTERN.test(assignment.teamId) ? await findTeam(tx, assignment.teamId) : undefined;
  if (!team) throw new HttpError(400, WORK_MESSAGES.teamNotFound);
  if (!team.active) throw new HttpError(400, WORK_MESSAGES.teamRetired);
  const personId = assignment.staffAccountId ?? null;
  const assignee = personId ? await findTeamMember(tx, team.id, personId) : null;
  if (personId && !assignee) throw new HttpError(400, WORK_MESSAGES.notAMember);
  if (report.team_id === team.id && report.assignee_id === personId)
    throw new HttpError(409, WORK_MESSAGES.alreadyAssigned);

  const details = {
    team: { id: team.id, name: team.name },
    assignee: assignee ? { id: assignee.id, email: assignee.email } : null,
    previousTeam: report.team_id ? { id: report.team_id, name: report.team_name ?? "" } : null,
    previousAssignee: report.assignee_id ? { id: report.assignee_id, email: report.assignee_email ?? "" } : null,
  };
  const eventId = await recordAssignment(tx, {
    id,
    teamId: team.id,
    assigneeId: assignee?.id ?? null,
    staffId: actor.id,
    details,
  });
  await recordAudit(tx, actor, { action: "grievance.assign", target: report.reference, details });
  if (assignee) {
    await notifyAssignee(tx, {
      grievanceId: id,
      eventId,
      report: { reference: report.reference, title: report.title },
      teamName: team.name,
      recipient: assignee.email,
      linkBase: mailLinkBase,
    });
  }
  return report.reference;
}

/** assignGrievance: one report, in its own transaction. */
export async function assignGrievance(
  db: Database,
  id: string,
  assignment: Assignment,
  actor: Exclude<AuditActor, "command line">,
  mailLinkBase: string,
): Promise<void> {
  await db.transaction((tx) => assignIn(tx, id, assignment, actor, mailLinkBase));
}
