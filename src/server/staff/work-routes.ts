import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { staffGrievanceDetailSchema } from "#shared/api-schemas/staff.ts";
import { bulkResultSchema } from "#shared/api-schemas/staff-work.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import {
  assignmentSchema,
  bulkAssignmentSchema,
  bulkStatusChangeSchema,
  INTERNAL_NOTE_TEXT_FIELD,
  internalNotePhotosFieldsSchema,
  internalNoteSchema,
  WORK_MESSAGES,
} from "#shared/staff/work-schemas.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { multipartBodyOf, readSubmission } from "../grievances/read-submission.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requestLocale, translateFor } from "../i18n/server-i18n.ts";
import { assignGrievance } from "./assignment-workflow.ts";
import { bulkAssign, bulkChangeStatus } from "./bulk-workflow.ts";
import { addInternalNoteWithPhotos, recordInternalNote } from "./internal-note-workflow.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findStaffGrievance } from "./staff-grievance-repository.ts";

export interface WorkRouteOptions {
  db: Database;
  targets: OverdueTargets;
  /** The report's photo pipeline, for internal notes' photos. */
  service: GrievanceService;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
}

const actorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * The staff's work on reports (under /api/staff, behind requireStaff): assigning, bulk actions from the queue and
 * internal notes (docs/decisions/032-internal-notes-stay-inside.md). A change of one report answers the report.
 */
export async function workRoutes(plainApp: FastifyInstance, { db, targets, service, mailLinkBase }: WorkRouteOptions) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const detail = async (id: string) => {
    const grievance = await findStaffGrievance(db, id, targets);
    if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return grievance;
  };
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };
  const bulkAnswers = { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 500, 503) };
  const context = (request: FastifyRequest) => {
    const locale = requestLocale(request);
    return { mailLinkBase, translate: (text: string) => translateFor(locale, text) };
  };

  app.post(
    underStaffPrefix(staffApiPaths.assignment),
    {
      schema: {
        ...staffSchema,
        operationId: "assignGrievance",
        summary: "Assign a report to a team and, optionally, one of its members",
        description:
          "Reassigning works the same way. The person must be a member of the team and the team not retired. The " +
          "change is on the staff timeline and in the audit log, and the person is e-mailed a link to the report.",
        params: grievanceIdParamsSchema,
        body: assignmentSchema,
        response: { 200: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => {
      await assignGrievance(db, request.params.id, request.body, actorOf(request), mailLinkBase);
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.bulkAssignment),
    {
      schema: {
        ...staffSchema,
        operationId: "bulkAssignGrievances",
        summary: "Assign several reports at once",
        description:
          "Each report is assigned as by assignGrievance, in a transaction of its own: the answer says for each, in " +
          "the order asked, whether it was assigned and, if not, why.",
        body: bulkAssignmentSchema,
        response: bulkAnswers,
      },
    },
    async (request) => {
      const { ids, ...assignment } = request.body;
      return bulkAssign(db, ids, assignment, actorOf(request), context(request));
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.bulkStatus),
    {
      schema: {
        ...staffSchema,
        operationId: "bulkChangeGrievanceStatus",
        summary: "Change the status of several reports at once",
        description:
          "Each report is changed as by changeGrievanceStatus (resolving needs the public note; followers are " +
          "e-mailed), in a transaction of its own: the answer says for each whether it changed and, if not, why.",
        body: bulkStatusChangeSchema,
        response: bulkAnswers,
      },
    },
    async (request) => {
      const { ids, status, note } = request.body;
      return bulkChangeStatus(db, ids, { status, note }, staffOf(request).staffId, context(request));
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.internalNotes),
    {
      schema: {
        ...staffSchema,
        operationId: "addInternalNote",
        summary: "Add an internal note (staff only)",
        description:
          "Never shown to the public, in any answer, page, feed, export, Open311 answer or e-mail to residents. " +
          "Answers the report, the note last in `internalNotes`. Photos: addInternalNoteWithPhotos.",
        params: grievanceIdParamsSchema,
        body: internalNoteSchema,
        response: { 201: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request, reply) => {
      const author = { kind: "staff" as const, staffId: staffOf(request).staffId };
      await recordInternalNote(db, request.params.id, author, request.body.text);
      reply.code(201);
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.internalNotePhotos),
    {
      schema: {
        ...staffSchema,
        operationId: "addInternalNoteWithPhotos",
        summary: "Add an internal note with photos (staff only)",
        description:
          "A multipart/form-data form: `text` (optional with photos) and up to five photos under `images`, checked " +
          "and re-encoded like a report's and served only to signed-in staff. Answers the report.",
        multipartBody: multipartBodyOf(internalNotePhotosFieldsSchema),
        params: grievanceIdParamsSchema,
        response: { 201: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 500, 503) },
      },
    },
    async (request, reply) => {
      const { fields, uploads } = await readSubmission(request);
      const parsed = internalNotePhotosFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? WORK_MESSAGES.noteTextRequired);
      const author = { kind: "staff" as const, staffId: staffOf(request).staffId };
      const text = parsed.data[INTERNAL_NOTE_TEXT_FIELD] ?? "";
      await addInternalNoteWithPhotos({ db, service }, request.params.id, author, text, uploads);
      reply.code(201);
      return detail(request.params.id);
    },
  );
}
