import type { FastifyInstance } from "fastify";
import { hideUpdateSchema } from "../../shared/reporter-actions.ts";
import { STAFF_MESSAGES } from "../../shared/staff-messages.ts";
import { MAP_MARKER_CAP } from "../../shared/geo.ts";
import type { StaffMapResponse } from "../../shared/staff-api.ts";
import { hideSchema, staffMapQuerySchema, staffQueueQuerySchema, statusChangeSchema } from "../../shared/staff-schemas.ts";
import type { Database } from "../db/database.ts";
import { allOf } from "../grievances/grievance-sql.ts";
import { HttpError } from "../http/http-error.ts";
import { findMarkers } from "../places/map-markers.ts";
import { queryProblem } from "../places/query-problem.ts";
import { notifyFollowers } from "../notifications/notify.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { statusLabel } from "../../shared/format.ts";
import type { OverdueTargets } from "./overdue-targets.ts";
import { staffOf } from "./require-staff.ts";
import { conditionsOf, findStaffGrievance, listQueue } from "./staff-grievance-repository.ts";
import { hideReporterUpdate } from "./update-moderation.ts";
import { changeStatus, setHidden } from "./workflow.ts";

export interface StaffGrievanceRouteOptions {
  db: Database;
  targets: OverdueTargets;
  /** PUBLIC_URL (config.ts): the start of the links in the e-mail to followers; else the request's origin. */
  publicUrl?: string | undefined;
}

/** The console's report routes (under /api/staff, behind requireStaff). Every change answers the updated report. */
export async function staffGrievanceRoutes(app: FastifyInstance, { db, targets, publicUrl }: StaffGrievanceRouteOptions) {
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

  // The console's map (docs/decisions/016-map-and-location.md): the public map's markers, with the queue's filters,
  // hidden reports included unless `hidden` says otherwise.
  app.get("/grievances/map", async (request): Promise<StaffMapResponse> => {
    const parsed = staffMapQuerySchema.safeParse(request.query);
    if (!parsed.success) throw queryProblem(parsed.error);
    const { bbox, ...filters } = parsed.data;
    const params: unknown[] = [];
    const { markers, matching, matchingCapped } = await findMarkers(db, bbox, allOf(conditionsOf(filters, targets, params)), params);
    return { markers, matching, matchingCapped, cap: MAP_MARKER_CAP };
  });

  app.get<{ Params: { id: string } }>("/grievances/:id", async (request) => detail(request.params.id));

  app.post<{ Params: { id: string } }>("/grievances/:id/status", async (request) => {
    const { status, note } = statusChangeSchema.parse(request.body ?? {});
    const linkBase = linkBaseOf(request, publicUrl);
    // Followers are told in the same transaction (issue 8): a message exists iff the change committed.
    await changeStatus(db, request.params.id, status, note, staffOf(request).staffId, (tx, change) =>
      notifyFollowers(tx, {
        grievanceId: request.params.id,
        eventKey: `status:${change.eventId}`,
        headline: `status changed from ${statusLabel(change.from)} to ${statusLabel(change.to)}`,
        note: change.note,
        linkBase,
      }).then(() => undefined),
    );
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

  // One update from the reporter (docs/decisions/015-reporter-actions.md).
  app.post<{ Params: { id: string; updateId: string } }>("/grievances/:id/updates/:updateId/hide", async (request) => {
    const { reason } = hideUpdateSchema.parse(request.body ?? {});
    const { id, updateId } = request.params;
    await hideReporterUpdate(db, id, updateId, reason, staffOf(request).staffId);
    return detail(id);
  });
}
