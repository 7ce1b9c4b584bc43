import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { idSchema } from "#shared/ids.ts";
import { underStaffPrefix } from "#shared/staff/staff-api.ts";
import { teamApiPaths } from "#shared/teams/team-api.ts";
import {
  TEAM_MESSAGES,
  newTeamMemberSchema,
  newTeamSchema,
  teamChangeSchema,
  teamListSchema,
  teamSchema,
} from "#shared/teams/team-schemas.ts";
import type { AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { changeMembership, changeTeam, createTeam, teamList } from "./team-workflow.ts";

export interface TeamRoutesOptions {
  db: Database;
}

/** The signed-in administrator, as the audit log names them. */
export const auditActorOf = (request: FastifyRequest): AuditActor => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * Teams under /api/staff (docs/decisions/029-teams-routing-and-assignment.md), inside the console's guarded scope:
 * every signed-in member of staff reads them (assignment forms list them); administrators change them, each change
 * recorded in the audit log.
 */
export const teamRoutes: FastifyPluginAsync<TeamRoutesOptions> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const teamParams = z.object({ id: idSchema(TEAM_MESSAGES.notFound) });
  const memberParams = teamParams.extend({ staffId: idSchema(TEAM_MESSAGES.accountNotFound) });
  // Reading is for all staff; every change is administration.
  const doc = (operationId: string, summary: string) => ({
    operationId,
    tags: [operationId === "listTeams" ? "staff" : "admin"],
    summary,
    security: STAFF_SECURITY,
  });
  const admin = { preHandler: requireAdmin };

  app.get(
    underStaffPrefix(teamApiPaths.teams),
    {
      schema: {
        ...doc("listTeams", "Every team with its supervisor and members, active ones first (any signed-in staff)"),
        response: { 200: teamListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ teams: await teamList(db) }),
  );

  app.post(
    underStaffPrefix(teamApiPaths.teams),
    {
      ...admin,
      schema: {
        ...doc("createTeam", "Create a team: a name and its inbox; a crew, contractor or partner body (admins only)"),
        body: newTeamSchema,
        response: { 201: teamSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTeam(db, auditActorOf(request), request.body)),
  );

  app.patch(
    underStaffPrefix(teamApiPaths.team),
    {
      ...admin,
      schema: {
        ...doc(
          "updateTeam",
          "Change a team's name, inbox, kind or supervisor, or retire or reactivate it (admins only)",
        ),
        params: teamParams,
        body: teamChangeSchema,
        response: { 200: teamSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeTeam(db, auditActorOf(request), request.params.id, request.body),
  );

  app.post(
    underStaffPrefix(teamApiPaths.teamMembers),
    {
      ...admin,
      schema: {
        ...doc("addTeamMember", "Add a staff account to a team (admins only)"),
        params: teamParams,
        body: newTeamMemberSchema,
        response: { 200: teamSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeMembership(db, auditActorOf(request), request.params.id, request.body.staffAccountId, true),
  );

  app.delete(
    underStaffPrefix(teamApiPaths.teamMember),
    {
      ...admin,
      schema: {
        ...doc("deleteTeamMember", "Remove a staff account from a team (admins only)"),
        params: memberParams,
        response: { 200: teamSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeMembership(db, auditActorOf(request), request.params.id, request.params.staffId, false),
  );
};
