import { TEAM_MESSAGES, type NewTeam, type TeamChange, type TeamView } from "#shared/teams/team-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import {
  addTeamMember,
  findTeam,
  insertTeam,
  listTeams,
  lockTeam,
  removeTeamMember,
  staffAccountEmail,
  teamNameTaken,
  updateTeam,
  type TeamRow,
} from "./team-repository.ts";

/**
 * Administrators manage teams (docs/decisions/029-teams-routing-and-assignment.md); every change is recorded in the
 * audit log in the change's own transaction, so the two are stored together or not at all.
 */

export const toTeamView = (row: TeamRow): TeamView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  kind: row.kind,
  supervisor: row.supervisor,
  members: row.members,
  active: row.active,
  createdAt: row.created_at.toISOString(),
});

export async function teamList(db: Queryable): Promise<TeamView[]> {
  return (await listTeams(db)).map(toTeamView);
}

async function teamView(tx: Queryable, id: string): Promise<TeamView> {
  const row = await findTeam(tx, id);
  if (!row) throw new HttpError(404, TEAM_MESSAGES.notFound);
  return toTeamView(row);
}

async function checkAccount(tx: Queryable, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const email = await staffAccountEmail(tx, id);
  if (!email) throw new HttpError(400, TEAM_MESSAGES.accountNotFound);
  return email;
}

async function refuseTakenName(tx: Queryable, name: string, exceptId?: string): Promise<void> {
  if (await teamNameTaken(tx, name, exceptId)) {
    throw new HttpError(409, TEAM_MESSAGES.duplicateName);
  }
}

export async function createTeam(db: Database, actor: AuditActor, team: NewTeam): Promise<TeamView> {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, team.name);
    const supervisor = await checkAccount(tx, team.supervisorId);
    const kind = team.kind ?? "crew";
    const id = await insertTeam(tx, {
      name: team.name,
      email: team.email,
      kind,
      supervisorId: team.supervisorId ?? null,
    });
    await recordAudit(tx, actor, {
      action: "team.create",
      target: team.name,
      details: { id, email: team.email, kind, supervisor },
    });
    return teamView(tx, id);
  });
}

/** Changes what was sent; retiring (`active: false`) and bringing back are recorded as such. */
export async function changeTeam(db: Database, actor: AuditActor, id: string, change: TeamChange): Promise<TeamView> {
  return db.transaction(async (tx) => {
    const before = await lockTeam(tx, id);
    if (!before) throw new HttpError(404, TEAM_MESSAGES.notFound);
    if (change.name !== undefined && change.name.toLowerCase() !== before.name.toLowerCase()) {
      await refuseTakenName(tx, change.name, id);
    }
    if (change.supervisorId !== undefined) await checkAccount(tx, change.supervisorId);
    const after = {
      name: change.name ?? before.name,
      email: change.email ?? before.email,
      kind: change.kind ?? before.kind,
      supervisorId: change.supervisorId === undefined ? before.supervisorId : change.supervisorId,
      active: change.active ?? before.active,
    };
    await updateTeam(tx, id, after);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of ["name", "email", "kind", "supervisorId"] as const) {
      if (after[field] !== before[field]) changed[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, actor, { action: "team.update", target: after.name, details: { id, ...changed } });
    }
    if (after.active !== before.active) {
      await recordAudit(tx, actor, { action: after.active ? "team.reactivate" : "team.retire", target: after.name });
    }
    return teamView(tx, id);
  });
}

/** Adds or removes a member; doing what is already so changes nothing and records nothing. */
export async function changeMembership(
  db: Database,
  actor: AuditActor,
  teamId: string,
  staffId: string,
  add: boolean,
): Promise<TeamView> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new HttpError(404, TEAM_MESSAGES.notFound);
    const email = await staffAccountEmail(tx, staffId);
    if (!email) {
      if (add) throw new HttpError(400, TEAM_MESSAGES.accountNotFound);
      throw new HttpError(404, TEAM_MESSAGES.accountNotFound);
    }
    const changed = add ? await addTeamMember(tx, teamId, staffId) : await removeTeamMember(tx, teamId, staffId);
    if (changed) {
      await recordAudit(tx, actor, {
        action: add ? "team.member_add" : "team.member_remove",
        target: team.name,
        details: { id: teamId, member: email },
      });
    }
    return teamView(tx, teamId);
  });
}
