import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "#shared/ids.ts";
import { STAFF_IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { underStaffPrefix } from "#shared/staff/staff-api.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceImageSchema } from "#shared/api-schemas/grievances.ts";
import { erasureResultSchema, personalDataSchema, type PersonalData } from "#shared/api-schemas/personal-data.ts";
import {
  blurRequestSchema,
  eraseRequestSchema,
  findPersonalDataQuerySchema,
  personalDataPaths,
} from "#shared/privacy/personal-data.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { staffOf } from "../auth/require-staff.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { toImageView } from "../grievances/public-grievance.ts";
import { erasePersonalData, findPersonalData } from "./personal-data-workflow.ts";
import { blurGrievancePhoto } from "./photo-blur-workflow.ts";

export interface PersonalDataRouteOptions {
  db: Database;
  service: GrievanceService;
  imageStore: ImageStore;
  maxImagePixels: number;
  /** Who holds the data and how to reach them, named in every access file. */
  controller: PersonalData["controller"];
  now: () => Date;
}

const actorOf = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/**
 * Erasure, access on request and blurring a photo (docs/decisions/043-erasure-and-access-on-request.md), under
 * /api/staff behind requireStaff. Every one is recorded in the audit log.
 */
export async function personalDataRoutes(plainApp: FastifyInstance, options: PersonalDataRouteOptions) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const staffSchema = { tags: ["staff"], security: STAFF_SECURITY };

  app.post(
    underStaffPrefix(personalDataPaths.erase),
    {
      schema: {
        ...staffSchema,
        operationId: "erasePersonalData",
        summary: "Erase a report's personal data",
        description:
          "On a person's request: the report's e-mail address and phone number, e-mail addresses and phone numbers " +
          "typed into its title, description, location and its reporter's updates (replaced by `[removed]`), the " +
          "reporter's follow, the address on the e-mail sent about it (waiting messages are not sent) and its SMS. " +
          "The public record stays. The reason goes in the audit log with what was erased.",
        params: z.object({ id: z.string() }),
        body: eraseRequestSchema,
        response: { 200: erasureResultSchema, ...errorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    (request) => erasePersonalData(db, request.params.id, actorOf(staffOf(request)), request.body.reason),
  );

  app.get(
    underStaffPrefix(personalDataPaths.find),
    {
      schema: {
        ...staffSchema,
        operationId: "findPersonalData",
        summary: "Everything held about an e-mail address or a phone number",
        description:
          "On a person's request for access: their reports, follows, incident alert subscriptions, the e-mail and " +
          "SMS sent to and received from them, as one JSON document to hand over. A phone number is matched by its " +
          "last nine digits, however it was written. The lookup is recorded in the audit log.",
        querystring: findPersonalDataQuerySchema,
        response: { 200: personalDataSchema, ...errorResponses(400, 401, 403, 500, 503) },
      },
    },
    (request) => findPersonalData(db, request.query, actorOf(staffOf(request)), options.controller, options.now()),
  );

  app.post(
    underStaffPrefix(personalDataPaths.blur),
    {
      schema: {
        ...staffSchema,
        operationId: "blurGrievancePhoto",
        summary: "Blur a region of a report's photo",
        description:
          "A face or a number plate: the region (fractions of the photo's width and height) is pixelated, the photo " +
          "re-encoded and stored anew, and the original deleted. Answers the report's photos as they now are.",
        params: z.object({ id: idSchema(STAFF_MESSAGES.notFound), index: z.coerce.number().int().min(0).max(4) }),
        body: blurRequestSchema,
        response: {
          200: z.object({ images: z.array(grievanceImageSchema) }),
          ...errorResponses(400, 401, 403, 404, 409, 500, 503),
        },
      },
    },
    async (request) => {
      const images = await blurGrievancePhoto(
        { ...options, logger: request.log as FastifyBaseLogger },
        request.params.id,
        request.params.index,
        request.body,
        actorOf(staffOf(request)),
      );
      return { images: images.map((image) => toImageView(image, STAFF_IMAGE_URL_PREFIX)) };
    },
  );
}
