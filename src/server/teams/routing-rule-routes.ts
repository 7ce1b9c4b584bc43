import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { idSchema } from "#shared/ids.ts";
import { underStaffPrefix } from "#shared/staff/staff-api.ts";
import { teamApiPaths } from "#shared/teams/team-api.ts";
import {
  ROUTING_MESSAGES,
  newRoutingRuleSchema,
  routingRuleListSchema,
  routingRuleSchema,
} from "#shared/teams/routing-schemas.ts";
import type { Database } from "../db/database.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin } from "../auth/require-staff.ts";
import { createRoutingRule, removeRoutingRule, routingRuleList } from "./routing-rule-workflow.ts";
import { auditActorOf } from "./team-routes.ts";

/**
 * Routing rules under /api/staff, for administrators (docs/decisions/029-teams-routing-and-assignment.md): listed in
 * the order they apply, made and deleted, each change in the audit log.
 */
export const routingRuleRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireAdmin);
  const doc = (operationId: string, summary: string) => ({
    operationId,
    tags: ["admin"],
    summary,
    security: STAFF_SECURITY,
  });

  app.get(
    underStaffPrefix(teamApiPaths.routingRules),
    {
      schema: {
        ...doc(
          "listRoutingRules",
          "Every routing rule, in the order they apply: the first a new report matches routes it",
        ),
        response: { 200: routingRuleListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ rules: await routingRuleList(db) }),
  );

  app.post(
    underStaffPrefix(teamApiPaths.routingRules),
    {
      schema: {
        ...doc(
          "createRoutingRule",
          "Route new reports of a category, in an area (a GeoJSON Polygon), or both, to a team",
        ),
        body: newRoutingRuleSchema,
        response: { 201: routingRuleSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await createRoutingRule(db, auditActorOf(request), request.body)),
  );

  app.delete(
    underStaffPrefix(teamApiPaths.routingRule),
    {
      schema: {
        ...doc("deleteRoutingRule", "Delete a routing rule (reports already routed keep their team)"),
        params: z.object({ id: idSchema(ROUTING_MESSAGES.notFound) }),
        response: { 200: routingRuleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeRoutingRule(db, auditActorOf(request), request.params.id),
  );
};
