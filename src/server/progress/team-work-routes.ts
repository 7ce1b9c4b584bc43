import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { teamWorkQuerySchema, teamWorkSchema } from "#shared/api-schemas/team-work.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { teamWorkOf } from "./team-work-repository.ts";

/** The managers' per-team view, for every signed-in member of staff (under /api/staff, behind requireStaff). */
export async function teamWorkRoutes(plainApp: FastifyInstance, { db, now }: { db: Database; now: () => Date }) {
  plainApp.withTypeProvider<ZodTypeProvider>().get(
    underStaffPrefix(staffApiPaths.teamWork),
    {
      schema: {
        tags: ["staff"],
        security: STAFF_SECURITY,
        operationId: "getTeamWork",
        summary: "Open, overdue and within-target work per team",
        description:
          "Per team, then for the reports without one: open reports, overdue ones, and of the reports resolved in " +
          "the last `days` days (7, 30 or 90; 30 by default) how many were resolved by their due time.",
        querystring: teamWorkQuerySchema,
        response: { 200: teamWorkSchema, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const at = now();
      const days = Number(request.query.days ?? 30);
      return { days, at: at.toISOString(), teams: await teamWorkOf(db, at, days) };
    },
  );
}
