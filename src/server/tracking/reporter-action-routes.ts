import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import {
  reporterUpdateViewSchema,
  trackedGrievanceSchema,
  trackingTokenParamsSchema,
} from "#shared/api-schemas/progress.ts";
import {
  fixedAnswerProblem,
  fixedAnswerSchema,
  REPORTER_MESSAGES,
  reporterUpdateSchema,
  UPDATE_TEXT_FIELD,
} from "#shared/tracking/reporter-actions.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { multipartBodyOf, readSubmission } from "../grievances/read-submission.ts";
import { HttpError } from "../http/http-error.ts";
import { trackedGrievanceOf } from "./tracked-grievance.ts";
import { findByTrackingTokenHash } from "./tracking-repository.ts";
import { trackingTokenHashOf } from "./tracking-token.ts";
import {
  addReporterUpdate,
  answerFixedQuestionAndNotify,
  hasRoomForUpdate,
  tooManyUpdatesForReport,
  trackingNotFound,
} from "./reporter-workflow.ts";

export interface ReporterActionRoutesOptions {
  db: Database;
  service: GrievanceService;
  reporterUpdatesPerHour: number;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

// Answers are cheap and each report takes at most a few; this only holds off a flood, in memory like the reads.
export const FIXED_ANSWERS_PER_MINUTE = 30;

/**
 * POST /api/track/:token/updates and POST /api/track/:token/answer (docs/decisions/015-reporter-actions.md). The
 * token is the reporter's credential: an unknown, malformed or hidden report's token gets the same 404 as
 * GET /api/track/:token. Registered inside trackingRoutes, whose hook marks every answer no-store and noindex.
 */
export const reporterActionRoutes: FastifyPluginAsync<ReporterActionRoutesOptions> = async (plainApp, options) => {
  const { db, service } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();

  app.post(
    apiPaths.trackUpdates,
    {
      config: {
        rateLimit: {
          max: options.reporterUpdatesPerHour,
          timeWindow: ONE_HOUR_MS,
          // Counted in the database, like submissions: N portals on one database must not allow N times the limit.
          shared: true,
          refusal: REPORTER_MESSAGES.tooManyUpdatesFromClient,
        },
      },
      schema: {
        operationId: "addReporterUpdate",
        summary: "The reporter adds an update",
        description:
          "A multipart/form-data form: `text` and up to five photos under `images`, read and validated by the " +
          "handler like a report's. At most 10 updates per report a day.",
        tags: ["tracking"],
        multipartBody: multipartBodyOf(reporterUpdateSchema),
        params: trackingTokenParamsSchema,
        response: { 201: reporterUpdateViewSchema, ...errorResponses(400, 404, 413, 415, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      // Judged before a byte of the body is read: a request that cannot succeed closes the connection rather than
      // make the portal read up to 26 MB only to drop it.
      const tokenHash = trackingTokenHashOf(request.params.token);
      const report = tokenHash && (await findByTrackingTokenHash(db, tokenHash));
      if (!report) throw trackingNotFound(true);
      if (!(await hasRoomForUpdate(db, report.id))) throw tooManyUpdatesForReport(true);

      // The same reading, limits and messages as a report's (read-submission.ts), then the same photo pipeline.
      const { fields, uploads } = await readSubmission(request);
      const parsed = reporterUpdateSchema.safeParse(fields);
      if (!parsed.success)
        throw new HttpError(400, parsed.error.issues[0]?.message ?? REPORTER_MESSAGES.updateTextRequired);
      const update = await addReporterUpdate(
        { db, service, mailLinkBase: options.mailLinkBase },
        report,
        parsed.data[UPDATE_TEXT_FIELD],
        uploads,
      );
      reply.code(201);
      return update;
    },
  );

  app.post(
    apiPaths.trackAnswer,
    {
      config: {
        rateLimit: {
          max: FIXED_ANSWERS_PER_MINUTE,
          timeWindow: 60_000,
          refusal: REPORTER_MESSAGES.tooManyAnswers,
        },
      },
      schema: {
        operationId: "answerFixedQuestion",
        summary: 'The reporter answers "Is it fixed?"',
        description: "`{ fixed: true }`, or `{ fixed: false, note }`, which puts the report back in progress.",
        tags: ["tracking"],
        params: trackingTokenParamsSchema,
        body: fixedAnswerSchema,
        response: { 200: trackedGrievanceSchema, ...errorResponses(400, 404, 409, 429, 500, 503) },
      },
      // An unknown link is 404 whatever the body says, and a refused answer is worded as the tracking page words
      // it (fixedAnswerProblem): the handler decides both, and throws the HttpError.
      attachValidation: true,
    },
    async (request) => {
      const tokenHash = trackingTokenHashOf(request.params.token);
      if (!tokenHash) throw trackingNotFound();
      if (request.validationError) {
        throw new HttpError(400, fixedAnswerProblem(request.body)?.message ?? REPORTER_MESSAGES.answerInvalid);
      }
      const reporter = await findByTrackingTokenHash(db, tokenHash);
      await answerFixedQuestionAndNotify(db, tokenHash, request.body, {
        reporterEmail: reporter?.user_email,
        mailLinkBase: options.mailLinkBase,
      });
      const row = await findByTrackingTokenHash(db, tokenHash);
      const tracked = row && (await trackedGrievanceOf(db, row));
      if (!tracked) throw trackingNotFound();
      return tracked;
    },
  );
};
