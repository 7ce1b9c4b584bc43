import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths, IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  grievanceDetailsSchema,
  grievanceIdParamsSchema,
  grievanceListResponseSchema,
  submittedGrievanceSchema,
} from "#shared/api-schemas/grievances.ts";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  grievanceListQuerySchema,
  summaryMessageOf,
} from "#shared/grievances/grievance-schema.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { HttpError } from "../http/http-error.ts";
import { inMinutes } from "../http/rate-limit-refusal.ts";
import { refuseWith } from "../http/schema-refusal.ts";
import { requestLocale } from "../i18n/server-i18n.ts";
import type { Database } from "../db/database.ts";
import { findIncidentOfReport } from "../incidents/incident-repository.ts";
import { waterPointOfReport } from "../water-points/report-water-point-repository.ts";
import { findAfterImages } from "../field/field-job-repository.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import type { GrievanceRepository } from "./grievance-repository.ts";
import type { GrievanceService } from "./grievance-service.ts";
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from "./idempotency-key-repository.ts";
import { decodeCursor, encodeCursor } from "./list-cursor.ts";
import { openPublicListCache } from "./public-list-cache.ts";
import { toImageView, toPublicGrievance } from "./public-grievance.ts";
import { multipartBodyOf, readSubmission } from "./read-submission.ts";
import { submitReport } from "./submission-workflow.ts";

export interface GrievanceRoutesOptions {
  db: Database;
  repository: GrievanceRepository;
  service: GrievanceService;
  submissionsPerHour: number;
  /** PUBLIC_URL (config.ts): the start of the tracking links; else each request's origin. */
  publicUrl: string | undefined;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** SERVICE_AREA_FILE's polygon (config.ts): a pin outside it is refused. Undefined: any pin is accepted. */
  serviceArea?: ServiceAreaGeometry | undefined;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

// An answer this route's schema has serialised already: Fastify sends a string marked as JSON as it is.
const sendSerialized = (reply: FastifyReply, body: string) => reply.type("application/json; charset=utf-8").send(body);

// The list's own wording for a query it cannot use: which fields to check (its clients show this text). The fields
// are the query's parameter names, the same in every language.
const invalidListQuery = (fields: string) =>
  new HttpError(400, englishText(msg("Invalid list query: please check {fields}."), { fields }));

export const grievanceRoutes: FastifyPluginAsync<GrievanceRoutesOptions> = async (plainApp, options) => {
  const { db, repository } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  // The list's answers kept in memory, on the embedded database only (public-list-cache.ts).
  const listCache = await openPublicListCache(db);
  if (listCache) app.addHook("onClose", () => listCache.close());

  app.post(
    apiPaths.grievances,
    {
      config: {
        rateLimit: {
          max: options.submissionsPerHour,
          timeWindow: ONE_HOUR_MS,
          shared: true,
          // The form's words since the first version, one text for any number of minutes (docs/api-conventions.md).
          refusal: inMinutes(msg("Too many reports from your connection. Please try again in {minutes} minute(s).")),
        },
      },
      schema: {
        operationId: "createGrievance",
        summary: "Submit a report",
        description:
          "A multipart/form-data form: the fields of the report form (title, description, category, priority, " +
          "location, user_email, user_phone, latitude, longitude, and `water_point`: the code painted on the water point " +
          "it is about, in any case) and up to five photos under `images`. The form is " +
          "read and validated by the handler with the shared form schema. With an `Idempotency-Key` header a retry " +
          "gets the first attempt's answer again (`Idempotent-Replayed: true`). The answer carries the reporter's " +
          'private tracking link, once. With SMS configured, `sms_updates` ("Send me updates by SMS") keeps the ' +
          "phone in E.164 (a number that cannot receive SMS is refused on `user_phone`), and the receipt and every " +
          "status change then go to it by SMS.",
        tags: ["grievances"],
        multipartBody: multipartBodyOf(grievanceInputSchema),
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        response: { 201: submittedGrievanceSchema, ...errorResponses(400, 409, 413, 415, 422, 429, 500, 503) },
      },
    },
    async (request, reply): Promise<SubmittedGrievance> => {
      const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const linkBase = linkBaseOf(request, options.publicUrl);
      const locale = requestLocale(request);
      const { fields, uploads } = await readSubmission(request);
      const parsed = grievanceInputSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        throw new HttpError(400, summaryMessageOf(fieldErrors), fieldErrors);
      }
      const { answer, replayed } = await submitReport(
        { ...options, logger: request.log },
        {
          input: parsed.data,
          fields,
          uploads,
          idempotencyKey,
          linkBase,
          locale,
        },
      );
      reply.code(201);
      if (replayed) reply.header("idempotent-replayed", "true");
      return answer;
    },
  );

  app.get(
    apiPaths.grievances,
    {
      schema: {
        operationId: "listGrievances",
        summary: "List reports",
        description:
          "Newest first, hidden reports left out; filters, search, page numbers or cursors (docs/product-decisions.md D9).",
        tags: ["grievances"],
        querystring: grievanceListQuerySchema,
        response: { 200: grievanceListResponseSchema, ...errorResponses(400, 500, 503) },
      },
      schemaErrorFormatter: refuseWith((problems) =>
        invalidListQuery([...new Set(problems.map((problem) => problem.path[0] ?? "query"))].join(", ")),
      ),
    },
    async (request, reply) => {
      const { page, pageSize, cursor: token, ...filters } = request.query;
      const cursor = token === undefined ? undefined : decodeCursor(token);
      if (token !== undefined && !cursor) throw invalidListQuery("cursor");
      // A word's answer also follows the planner's statistics of the words (decision 011), not only the rows: not kept.
      // The key is the query as parsed, defaults filled in, in the schema's order.
      const key = listCache && !filters.q ? JSON.stringify(request.query) : undefined;
      const kept = key && listCache?.get(key);
      if (kept) return sendSerialized(reply, kept);
      const generation = listCache?.generation ?? 0;
      const result = await repository.list(filters, { page, pageSize, cursor });
      const answer = {
        items: result.rows.map(toPublicGrievance),
        matching: result.matching,
        matchingCapped: result.matchingCapped,
        total: result.total,
        page,
        pageSize,
        nextCursor: result.older && encodeCursor({ direction: "after", ...result.older }),
        prevCursor: result.newer && encodeCursor({ direction: "before", ...result.newer }),
      };
      if (!key || !listCache) return answer;
      // Serialised once, by the route's own response schema, as Fastify would have.
      const body = reply.serialize(answer) as string;
      listCache.set(key, generation, body);
      return sendSerialized(reply, body);
    },
  );

  app.get(
    apiPaths.grievance,
    {
      schema: {
        operationId: "getGrievance",
        summary: "Read one report",
        description: "Contact details masked. A hidden report, or an id that is no report's, is 404.",
        tags: ["grievances"],
        params: grievanceIdParamsSchema,
        response: { 200: grievanceDetailsSchema, ...errorResponses(404, 500, 503) },
      },
    },
    async (request) => {
      const row = await repository.findById(request.params.id);
      if (!row) throw new HttpError(404, MESSAGES.grievanceNotFound);
      const [incident, after, waterPoint] = await Promise.all([
        findIncidentOfReport(db, row.id),
        findAfterImages(db, row.id),
        waterPointOfReport(db, row.id),
      ]);
      return {
        ...toPublicGrievance(row),
        incident,
        after_images: after.map((image) => toImageView(image, IMAGE_URL_PREFIX)),
        water_point: waterPoint ?? null,
      };
    },
  );
};
