import type { FastifyInstance } from "fastify";
import { STAFF_MESSAGES } from "../../shared/staff-messages.ts";
import { hideSchema, staffQueueQuerySchema, statusChangeSchema } from "../../shared/staff-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import type { OverdueTargets } from "./overdue-targets.ts";
import { staffOf } from "./require-staff.ts";
import { findStaffGrievance, listQueue } from "./staff-grievance-repository.ts";
import { changeStatus, setHidden } from "./workflow.ts";

export interface StaffGrievanceRouteOptions {
  db: Database;
  targets: OverdueTargets;
}

/** The console's report routes (under /api/staff, behind requireStaff). Every change answers the updated report. */
export async function staffGrievanceRoutes(app: FastifyInstance, { db, targets }: StaffGrievanceRouteOptions) {
  const detail = async (id: string) => {
    const grievance = await findStaffGrievance(db, id, targets);
    if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return grievance;
  };

  app.get("/grievances", async (request) => {
    const { cursor, ...query } = staffQueueQuerySchema.parse(request.query);
    // The queue has an order of its own (oldest open first); the public list's cursors do not apply to it.
    if (cursor !== undefined) throw new HttpError(400, "The work queue pages by number: use page, not cursor.");
    return listQueue(db, query, targets);
  });

  app.get<{ Params: { id: string } }>("/grievances/:id", async (request) => detail(request.params.id));

  app.post<{ Params: { id: string } }>("/grievances/:id/status", async (request) => {
    const { status, note } = statusChangeSchema.parse(request.body ?? {});
    await changeStatus(db, request.params.id, status, note, staffOf(request).staffId);
    return detail(request.params.id);
  });

  app.post<{ Params: { id: string } }>("/grievances/:id/hide", async (request) => {
    const { reason } = hideSchema.parse(request.body ?? {});
    await setHidden(db, request.params.id, { reason }, staffOf(request).staffId);
    return detail(request.params.id);
  });

  app.post<{ Params: { id: string } }>("/grievances/:id/unhide", async (request) => {
    await setHidden(db, request.params.id, false, staffOf(request).staffId);
    return detail(request.params.id);
  });
}
