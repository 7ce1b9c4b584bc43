import type { TeamKind } from "#shared/teams/team-schemas.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Teams and their members (migration 027, docs/decisions/029-teams-routing-and-assignment.md). Teams are retired
 * (`active = false`), never deleted: reports keep the team that handled them.
 */

export interface TeamPerson {
  id: string;
  email: string;
}

export interface TeamRow {
  id: string;
  name: string;
  email: string;
  kind: TeamKind;
  active: boolean;
  created_at: Date;
  supervisor: TeamPerson | null;
  /** By e-mail address. */
  members: TeamPerson[];
}

const TEAM_SELECT = `
  SELECT t.id, t.name, t.email, t.kind, t.active, t.created_at,
    CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'email', s.email) END AS supervisor,
    coalesce((SELECT json_agg(json_build_object('id', a.id, 'email', a.email) ORDER BY lower(a.email), a.id)
              FROM team_members m JOIN staff_accounts a ON a.id = m.staff_id WHERE m.team_id = t.id),
             '[]'::json) AS members
  FROM teams t LEFT JOIN staff_accounts s ON s.id = t.supervisor_id`;

/** Every team with its supervisor and members: the active ones first, each group by name. */
export async function listTeams(db: Queryable): Promise<TeamRow[]> {
  return (await db.query<TeamRow>(`${TEAM_SELECT} ORDER BY t.active DESC, lower(t.name), t.id`)).rows;
}

export async function findTeam(db: Queryable, id: string): Promise<TeamRow | undefined> {
  return (await db.query<TeamRow>(`${TEAM_SELECT} WHERE t.id = $1`, [id])).rows[0];
}

/** The teams a staff member belongs to ("my teams"), active ones only. */
export async function teamIdsOfMember(db: Queryable, staffId: string): Promise<string[]> {
  const { rows } = await db.query<{ team_id: string }>(
    `SELECT m.team_id FROM team_members m JOIN teams t ON t.id = m.team_id
     WHERE m.staff_id = $1 AND t.active ORDER BY m.team_id`,
    [staffId],
  );
  return rows.map((row) => row.team_id);
}

export async function isTeamMember(db: Queryable, teamId: string, staffId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM team_members WHERE team_id = $1 AND staff_id = $2", [teamId, staffId]);
  return rows.length > 0;
}

/** Whether another team (than `exceptId`) has this name, case aside (teams_name_idx). */
export async function teamNameTaken(db: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM teams WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2", [
    name,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

/** The staff account's e-mail, or undefined when there is no such account. */
export async function staffAccountEmail(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>("SELECT email FROM staff_accounts WHERE id = $1", [id]);
  return rows[0]?.email;
}

export interface TeamFields {
  name: string;
  email: string;
  kind: TeamKind;
  supervisorId: string | null;
}

export async function insertTeam(tx: Queryable, fields: TeamFields): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    "INSERT INTO teams (name, email, kind, supervisor_id) VALUES ($1, $2, $3, $4) RETURNING id",
    [fields.name, fields.email, fields.kind, fields.supervisorId],
  );
  return rows[0]!.id;
}

/** The team's row locked until the transaction ends, so two administrators' changes apply one after the other. */
export async function lockTeam(
  tx: Queryable,
  id: string,
): Promise<(TeamFields & { id: string; active: boolean }) | undefined> {
  const { rows } = await tx.query<TeamFields & { id: string; active: boolean }>(
    `SELECT id, name, email, kind, supervisor_id AS "supervisorId", active FROM teams WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function updateTeam(tx: Queryable, id: string, fields: TeamFields & { active: boolean }): Promise<void> {
  await tx.query(
    `UPDATE teams SET name = $2, email = $3, kind = $4, supervisor_id = $5, active = $6, updated_at = now()
     WHERE id = $1`,
    [id, fields.name, fields.email, fields.kind, fields.supervisorId, fields.active],
  );
}

/** Adds a member; false when they already were one. */
export async function addTeamMember(tx: Queryable, teamId: string, staffId: string): Promise<boolean> {
  const { rows } = await tx.query(
    "INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING staff_id",
    [teamId, staffId],
  );
  return rows.length > 0;
}

/** Removes a member; false when they were not one. */
export async function removeTeamMember(tx: Queryable, teamId: string, staffId: string): Promise<boolean> {
  const { rows } = await tx.query("DELETE FROM team_members WHERE team_id = $1 AND staff_id = $2 RETURNING staff_id", [
    teamId,
    staffId,
  ]);
  return rows.length > 0;
}
