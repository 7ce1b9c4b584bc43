import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { staffGrievanceDetailSchema } from "#shared/api-schemas/staff.ts";
import { fieldErrorsOf, summaryMessageOf } from "#shared/grievances/grievance-schema.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { markDuplicateSchema, onBehalfInputSchema } from "#shared/staff/call-and-duplicate-schemas.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { multipartBodyOf, readSubmission } from "../grievances/read-submission.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requestLocale } from "../i18n/server-i18n.ts";
import { markDuplicate } from "./duplicate-workflow.ts";
import { takeReportForCaller } from "./on-behalf-workflow.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findStaffGrievance } from "./staff-grievance-repository.ts";

export interface CallAndDuplicateRouteOptions {
  db: Database;
  service: GrievanceService;
  targets: OverdueTargets;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** SERVICE_AREA_FILE's polygon: a pin outside it is refused, as on the public form. */
  serviceArea: ServiceAreaGeometry | undefined;
}

/**
 * A report taken for a caller (createGrievanceOnBehalf) and a report marked as a duplicate of another
 * (markDuplicate): docs/decisions/033-duplicates-calls-and-templates.md. Both answer the report as staff see it.
 */
export const callAndDuplicateRoutes: FastifyPluginAsync<CallAndDuplicateRouteOptions> = async (plainApp, options) => {
  const { db, targets, mailLinkBase } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const detail = async (id: string) => {
    const grievance = await findStaffGrievance(db, id, targets);
    if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return grievance;
  };
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };

  app.post(
    underStaffPrefix(staffApiPaths.grievances),
    {
      schema: {
        ...staffSchema,
        operationId: "createGrievanceOnBehalf",
        summary: "Take a report for a caller",
        description:
          "A multipart/form-data form: the public submit's fields and photos, plus `channel` (phone, counter, letter " +
          "or email: how it reached staff) and optionally `locale`, the caller's language for their receipt. A phone " +
          "number alone is contact enough. Routed and given its due times like every new report; the caller is " +
          "e-mailed the receipt with their private link when they gave an address, and sent it by SMS with `sms_updates` " +
          "(SMS configured). Answers the report as staff see it.",
        multipartBody: multipartBodyOf(onBehalfInputSchema),
        response: { 201: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 413, 415, 500, 503) },
      },
    },
    async (request, reply) => {
      const { fields, uploads } = await readSubmission(request);
      const parsed = onBehalfInputSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        throw new HttpError(400, summaryMessageOf(fieldErrors), fieldErrors);
      }
      const staff = staffOf(request);
      const { channel, locale, ...input } = parsed.data;
      const row = await takeReportForCaller(options, {
        input,
        uploads,
        channel,
        locale: locale ?? requestLocale(request),
        actor: { id: staff.staffId, email: staff.email },
      });
      return reply.code(201).send(await detail(row.id));
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.duplicate),
    {
      schema: {
        ...staffSchema,
        operationId: "markDuplicate",
        summary: "Mark a report as a duplicate of another",
        description:
          "Resolves the report with a public note naming the original's reference; its reporter and followers follow " +
          "the original from now on (each told once by e-mail; the reporter by SMS too when they asked for updates " +
          "there), and the original counts one more person affected. An original that is itself a duplicate is " +
          "followed to the report it repeats.",
        params: grievanceIdParamsSchema,
        body: markDuplicateSchema,
        response: { 200: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const actor = { id: staff.staffId, email: staff.email };
      await markDuplicate(db, request.params.id, request.body.duplicateOfId, actor, mailLinkBase);
      return detail(request.params.id);
    },
  );
};
