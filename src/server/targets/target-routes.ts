import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { staffGrievanceDetailSchema } from "#shared/api-schemas/staff.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import {
  priorityChangeSchema,
  serviceTargetInputSchema,
  serviceTargetListSchema,
  serviceTargetSchema,
} from "#shared/targets/target-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import type { OverdueTargets } from "./overdue-targets.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { findStaffGrievance } from "../staff/staff-grievance-repository.ts";
import { listServiceTargets, listTargetDefaults } from "./target-repository.ts";
import { changePriority, setServiceTarget } from "./target-workflow.ts";

export interface TargetRouteOptions {
  db: Database;
  targets: OverdueTargets;
}

const actorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * Service targets (docs/decisions/030-service-targets-and-escalation.md), inside the console's guarded scope: every
 * member of staff changes a report's priority (its due times follow); administrators read and set the targets.
 */
export async function targetRoutes(plainApp: FastifyInstance, { db, targets }: TargetRouteOptions) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();

  app.post(
    underStaffPrefix(staffApiPaths.priority),
    {
      schema: {
        tags: ["staff"],
        operationId: "changeGrievancePriority",
        summary: "Change a report's priority; its due times follow the new priority's service targets",
        description:
          "Recorded on the staff timeline (kind 'priority', details from and to). 409 for the same priority.",
        security: STAFF_SECURITY,
        params: grievanceIdParamsSchema,
        body: priorityChangeSchema,
        response: { 200: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => {
      await changePriority(db, request.params.id, request.body.priority, staffOf(request).staffId);
      const grievance = await findStaffGrievance(db, request.params.id, targets);
      if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
      return grievance;
    },
  );

  await app.register(async (admin: FastifyInstance) => {
    admin.addHook("preHandler", requireAdmin);
    const adminApp = admin.withTypeProvider<ZodTypeProvider>();
    const doc = { tags: ["admin"], security: STAFF_SECURITY };

    adminApp.get(
      underStaffPrefix(staffApiPaths.adminServiceTargets),
      {
        schema: {
          ...doc,
          operationId: "listServiceTargets",
          summary: "Every category × priority's targets as they apply, and the defaults per priority",
          response: { 200: serviceTargetListSchema, ...errorResponses(401, 403, 500, 503) },
        },
      },
      async () => {
        const [rows, defaults] = await Promise.all([listServiceTargets(db), listTargetDefaults(db)]);
        return {
          targets: rows.map((r) => ({
            serviceCode: r.service_code,
            priority: r.priority,
            acknowledgeMinutes: r.acknowledge_minutes,
            resolveMinutes: r.resolve_minutes,
            custom: r.custom,
          })),
          defaults: defaults.map((d) => ({
            priority: d.priority,
            acknowledgeMinutes: d.acknowledge_minutes,
            resolveMinutes: d.resolve_minutes,
          })),
        };
      },
    );

    adminApp.put(
      underStaffPrefix(staffApiPaths.adminServiceTargets),
      {
        schema: {
          ...doc,
          operationId: "setServiceTarget",
          summary: "Set a category and priority's minutes to acknowledge and to resolve",
          description:
            "Applies to reports created from now on and to reports whose priority staff change later; audited.",
          body: serviceTargetInputSchema,
          response: { 200: serviceTargetSchema, ...errorResponses(400, 401, 403, 404, 500, 503) },
        },
      },
      async (request) => setServiceTarget(db, actorOf(request), request.body),
    );
  });
}
