import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The writes and checks of assigning a report to a team and person (assignment-workflow.ts), each in the caller's
 * transaction. Teams and their members are the teams slice's tables (migrations/027); these are only the reads an
 * assignment needs, so the staff slice does not wait on the teams' administration.
 */

export interface AssignableReport {
  id: string;
  reference: string;
  title: string;
  status: Status;
  team_id: string | null;
  team_name: string | null;
  assignee_id: string | null;
  assignee_email: string | null;
}

/** The report with its current team and assignee, locked FOR UPDATE: two assignments at once are serialised. */
export async function lockAssignableReport(tx: Queryable, id: string): Promise<AssignableReport | undefined> {
  const { rows } = await tx.query<AssignableReport>(
    `SELECT g.id, g.reference, g.title, g.status, g.team_id,
            (SELECT t.name FROM teams t WHERE t.id = g.team_id) AS team_name, g.assignee_id,
            (SELECT a.email FROM staff_accounts a WHERE a.id = g.assignee_id) AS assignee_email
     FROM grievances g WHERE g.id = $1 FOR UPDATE OF g`,
    [id],
  );
  return rows[0];
}

export interface AssignableTeam {
  id: string;
  name: string;
  active: boolean;
}

export async function findTeam(db: Queryable, teamId: string): Promise<AssignableTeam | undefined> {
  const { rows } = await db.query<AssignableTeam>("SELECT id, name, active FROM teams WHERE id = $1", [teamId]);
  return rows[0];
}

/** The member's account when they are in the team (and their account not disabled); else undefined. */
export async function findTeamMember(
  db: Queryable,
  teamId: string,
  staffId: string,
): Promise<{ id: string; email: string } | undefined> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `SELECT a.id, a.email FROM team_members m JOIN staff_accounts a ON a.id = m.staff_id
     WHERE m.team_id = $1 AND m.staff_id = $2 AND a.disabled_at IS NULL`,
    [teamId, staffId],
  );
  return rows[0];
}

/** Sets the report's team and assignee (null: the team as a whole) and records the 'assigned' event by staff. */
export async function recordAssignment(
  tx: Queryable,
  change: { id: string; teamId: string; assigneeId: string | null; staffId: string; details: Record<string, unknown> },
): Promise<string> {
  await tx.query("UPDATE grievances SET team_id = $2, assignee_id = $3 WHERE id = $1", [
    change.id,
    change.teamId,
    change.assigneeId,
  ]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievance_events (grievance_id, kind, staff_id, details)
     VALUES ($1, 'assigned', $2, $3::jsonb) RETURNING id::text`,
    [change.id, change.staffId, JSON.stringify(change.details)],
  );
  return rows[0]!.id;
}
