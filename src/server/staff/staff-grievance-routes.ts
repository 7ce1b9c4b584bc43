import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import {
  reporterUpdateParamsSchema,
  staffGrievanceDetailSchema,
  staffMapResponseSchema,
  staffQueueResponseSchema,
} from "#shared/api-schemas/staff.ts";
import { hideUpdateSchema } from "#shared/tracking/reporter-actions.ts";
import { msg } from "#shared/i18n/locales.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { MAP_MARKER_CAP } from "#shared/places/geo.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import {
  hideSchema,
  staffMapQuerySchema,
  staffQueueQuerySchema,
  statusChangeSchema,
} from "#shared/staff/staff-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { refusePlaceQuery } from "../places/query-problem.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findStaffGrievance, findStaffMarkers, listQueue } from "./staff-grievance-repository.ts";
import { hideReporterUpdate } from "./update-moderation.ts";
import { queueViewerOf } from "./queue-view-repository.ts";
import { changeStatusAndNotify, setHidden } from "./workflow.ts";

export interface StaffGrievanceRouteOptions {
  db: Database;
  targets: OverdueTargets;
  /** PUBLIC_URL (config.ts): the start of the links in the e-mail to followers; else the request's origin. */
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** SMS_DAILY_LIMIT when SMS is set up: a report's messages due past it show as waiting. */
  smsDailyLimit?: number | undefined;
}

/** The console's report routes (under /api/staff, behind requireStaff). Every change answers the updated report. */
export async function staffGrievanceRoutes(
  plainApp: FastifyInstance,
  { db, targets, mailLinkBase, smsDailyLimit }: StaffGrievanceRouteOptions,
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const detail = async (id: string) => {
    const grievance = await findStaffGrievance(db, id, targets, smsDailyLimit);
    if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return grievance;
  };
  // Every console route: signed in (401 otherwise), same-origin for changes (403), never cached.
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };
  const changeAnswers = { 200: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) };

  app.get(
    underStaffPrefix(staffApiPaths.grievances),
    {
      schema: {
        ...staffSchema,
        operationId: "listStaffGrievances",
        summary: "The work queue",
        description:
          "Every report, hidden ones too, contact details in full; oldest open first unless `sort` says otherwise.",
        querystring: staffQueueQuerySchema,
        response: { 200: staffQueueResponseSchema, ...errorResponses(400, 401, 500, 503) },
      },
    },
    async (request) => {
      const { cursor, ...query } = request.query;
      // The queue has an order of its own (oldest open first); the public list's cursors do not apply to it.
      if (cursor !== undefined) throw new HttpError(400, msg("The work queue pages by number: use page, not cursor."));
      // "mine" and "my teams" are the signed-in staff member's.
      return listQueue(db, { ...query, ...(await queueViewerOf(db, staffOf(request).staffId, query.view)) }, targets);
    },
  );

  // The console's map (docs/decisions/016-map-and-location.md): the public map's markers, with the queue's filters,
  // hidden reports included unless `hidden` says otherwise.
  app.get(
    underStaffPrefix(staffApiPaths.grievanceMap),
    {
      schema: {
        ...staffSchema,
        operationId: "listStaffGrievanceMarkers",
        summary: "The console's map",
        description: "Markers of a visible area with the queue's filters, hidden reports included and marked.",
        querystring: staffMapQuerySchema,
        response: { 200: staffMapResponseSchema, ...errorResponses(400, 401, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request) => {
      const { bbox, ...filters } = request.query;
      const viewer = await queueViewerOf(db, staffOf(request).staffId, filters.view);
      const { markers, matching, matchingCapped } = await findStaffMarkers(
        db,
        bbox,
        { ...filters, ...viewer },
        targets,
      );
      return { markers, matching, matchingCapped, cap: MAP_MARKER_CAP };
    },
  );

  app.get(
    underStaffPrefix(staffApiPaths.grievance),
    {
      schema: {
        ...staffSchema,
        operationId: "getStaffGrievance",
        summary: "One report as staff see it",
        description:
          "With its full timeline, the reporter's updates (hidden ones too) and the e-mails queued about it.",
        params: grievanceIdParamsSchema,
        response: { 200: staffGrievanceDetailSchema, ...errorResponses(401, 404, 500, 503) },
      },
    },
    async (request) => detail(request.params.id),
  );

  app.post(
    underStaffPrefix(staffApiPaths.status),
    {
      schema: {
        ...staffSchema,
        operationId: "changeGrievanceStatus",
        summary: "Change a report's status",
        description:
          "Pending → in progress → resolved, or reopen a resolved one; resolving needs a public note. Followers are e-mailed.",
        params: grievanceIdParamsSchema,
        body: statusChangeSchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const { status, note } = request.body;
      await changeStatusAndNotify(db, request.params.id, status, note, staffOf(request).staffId, mailLinkBase);
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.hide),
    {
      schema: {
        ...staffSchema,
        operationId: "hideGrievance",
        summary: "Hide a report from the public",
        params: grievanceIdParamsSchema,
        body: hideSchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      await setHidden(db, request.params.id, { reason: request.body.reason }, staffOf(request).staffId);
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.unhide),
    {
      schema: {
        ...staffSchema,
        operationId: "unhideGrievance",
        summary: "Show a hidden report again",
        params: grievanceIdParamsSchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      await setHidden(db, request.params.id, false, staffOf(request).staffId);
      return detail(request.params.id);
    },
  );

  // One update from the reporter (docs/decisions/015-reporter-actions.md).
  app.post(
    underStaffPrefix(staffApiPaths.hideUpdate),
    {
      schema: {
        ...staffSchema,
        operationId: "hideGrievanceUpdate",
        summary: "Hide one of the reporter's updates",
        params: reporterUpdateParamsSchema,
        body: hideUpdateSchema,
        response: changeAnswers,
      },
    },
    async (request) => {
      const { id, updateId } = request.params;
      await hideReporterUpdate(db, id, updateId, request.body.reason, staffOf(request).staffId);
      return detail(id);
    },
  );
}
