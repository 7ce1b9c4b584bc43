import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { staffGrievanceDetailSchema } from "#shared/api-schemas/staff.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { grievanceLocationSchema, staffSmsSchema } from "#shared/staff/staff-sms-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import type { SmsConfig } from "../sms/sms-config.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { staffOf } from "../auth/require-staff.ts";
import { findStaffGrievance } from "./staff-grievance-repository.ts";
import { sendSmsToReporter, setGrievanceLocation } from "./staff-sms-workflow.ts";

export interface StaffSmsRouteOptions {
  db: Database;
  targets: OverdueTargets;
  /** config.sms: undefined when SMS is not set up, and then no message can be sent. */
  sms: SmsConfig | undefined;
  serviceArea: ServiceAreaGeometry | undefined;
  /** Where links in the team inbox's e-mail start, when placing a report routes it (http/public-links.ts). */
  mailLinkBase: string;
}

const actorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * The staff's side of SMS (docs/decisions/041-sms-for-staff.md), under /api/staff behind requireStaff: a message to
 * the reporter, and the place of a report that came without one. Each answers the report.
 */
export async function staffSmsRoutes(plainApp: FastifyInstance, options: StaffSmsRouteOptions) {
  const { db, targets, sms, serviceArea, mailLinkBase } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const detail = async (id: string) => {
    const grievance = await findStaffGrievance(db, id, targets, sms?.dailyLimit);
    if (!grievance) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return grievance;
  };
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };

  app.post(
    underStaffPrefix(staffApiPaths.smsToReporter),
    {
      schema: {
        ...staffSchema,
        operationId: "sendSmsToReporter",
        summary: "Send the reporter a message by SMS",
        description:
          "Queued through the SMS outbox (sent by the SMS worker, retried while the gateway is down) to the " +
          "report's phone number, and recorded in the audit log; it shows in the report's `sms` conversation with " +
          "its state. At most three SMS parts (400). Refused (409) when SMS is not set up, when the report has no " +
          "phone number or one that cannot be read as a phone number, and when the number sent STOP.",
        params: grievanceIdParamsSchema,
        body: staffSmsSchema,
        response: { 201: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request, reply) => {
      await sendSmsToReporter(db, sms, request.params.id, request.body.text, actorOf(request));
      reply.code(201);
      return detail(request.params.id);
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.location),
    {
      schema: {
        ...staffSchema,
        operationId: "setGrievanceLocation",
        summary: "Place a report on the map",
        description:
          "Sets the report's pin, and the place in words when `location` is given (else it stays). For reports " +
          "that came without a usable place, such as SMS ones (the queue's `view=needs-place`). A pin outside the " +
          "service area is refused (400). Recorded on the staff timeline ('location') and in the audit log; a " +
          "report without a team is then routed again, so a routing rule by area may give it one.",
        params: grievanceIdParamsSchema,
        body: grievanceLocationSchema,
        response: { 200: staffGrievanceDetailSchema, ...errorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request) => {
      await setGrievanceLocation({ db, serviceArea, mailLinkBase }, request.params.id, request.body, actorOf(request));
      return detail(request.params.id);
    },
  );
}
