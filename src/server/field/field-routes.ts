import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { fieldJobFixedSchema, fieldJobSchema } from "#shared/api-schemas/field.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { FIELD_MESSAGES, FIELD_NOTE_FIELD, fieldNoteInputSchema } from "#shared/field/field.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { multipartBodyOf, readSubmission } from "../grievances/read-submission.ts";
import { HttpError } from "../http/http-error.ts";
import { sendImage } from "../routes/media-routes.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { isValidObjectKey } from "../storage/object-key.ts";
import { fieldJobOf, isImageOfJob } from "./field-view.ts";
import { addTechnicianNote, markJobFixed, publicReportUrl, usableLink } from "./field-workflow.ts";

export interface FieldRoutesOptions {
  db: Database;
  service: GrievanceService;
  imageStore: ImageStore;
  now: () => Date;
  /** Where links start: PUBLIC_URL, from configuration only (http/public-links.ts). */
  mailLinkBase: string;
}

// A token of 192 bits cannot be guessed at any rate: these only hold off a flood, counted in memory as the tracking
// page's reads are (decision 010).
const READS_PER_MINUTE = 300;
const CHANGES_PER_MINUTE = 30;

const tokenParams = z.object({ token: z.string() });
const IMAGE_NOT_FOUND = msg("Image not found");

const limit = (max: number, refusal: string) => ({ rateLimit: { max, timeWindow: 60_000, refusal } });

/**
 * The technician's page's API (docs/decisions/031-technician-links.md): the job, a note with photos, "Mark the job
 * fixed", and the job's images. The token is the credential: a token that opens nothing is 404, a link used,
 * withdrawn or past its 72 hours is 410 with the reason, and changes nothing.
 */
export const fieldRoutes: FastifyPluginAsync<FieldRoutesOptions> = async (plainApp, options) => {
  const { db, imageStore, now } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  // On every answer, errors included: the address is the secret. Never cached, never passed on as a Referer, never
  // indexed.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    reply.header("referrer-policy", "no-referrer");
    reply.header("x-robots-tag", "noindex");
  });
  const tags = ["field"];
  const readNote = async (request: Parameters<typeof readSubmission>[0]) => {
    const { fields, uploads } = await readSubmission(request);
    const parsed = fieldNoteInputSchema.safeParse(fields);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? FIELD_MESSAGES.noteRequired);
    return { text: parsed.data[FIELD_NOTE_FIELD], uploads };
  };

  app.get(
    apiPaths.field,
    {
      config: limit(READS_PER_MINUTE, FIELD_MESSAGES.tooManyReads),
      schema: {
        operationId: "getFieldJob",
        summary: "The job a technician's link opens",
        description:
          "The report (without the reporter's contact details), its pin, its photos and its internal notes. A link " +
          "that was used, withdrawn or has expired is 410, with the reason.",
        tags,
        params: tokenParams,
        response: { 200: fieldJobSchema, ...errorResponses(404, 410, 429, 500, 503) },
      },
    },
    async (request) => {
      const link = await usableLink(db, request.params.token, now());
      const job = await fieldJobOf(db, link, request.params.token);
      if (!job) throw new HttpError(404, FIELD_MESSAGES.notFound);
      return job;
    },
  );

  app.post(
    apiPaths.fieldNotes,
    {
      config: limit(CHANGES_PER_MINUTE, FIELD_MESSAGES.tooManyNotes),
      schema: {
        operationId: "addFieldNote",
        summary: "A technician adds a note",
        description:
          "A multipart/form-data form: `text` and up to five photos under `images`, kept with the report's " +
          "internal notes as the technician's. Answers the job as it now is.",
        tags,
        multipartBody: multipartBodyOf(fieldNoteInputSchema),
        params: tokenParams,
        response: { 201: fieldJobSchema, ...errorResponses(400, 404, 410, 413, 415, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      // Judged before a byte of the body is read, and again in the transaction.
      await usableLink(db, token, now());
      const { text, uploads } = await readNote(request);
      await addTechnicianNote(options, token, text, uploads);
      const job = await fieldJobOf(db, await usableLink(db, token, now()), token);
      if (!job) throw new HttpError(404, FIELD_MESSAGES.notFound);
      reply.code(201);
      return job;
    },
  );

  app.post(
    apiPaths.fieldFixed,
    {
      config: limit(CHANGES_PER_MINUTE, FIELD_MESSAGES.tooManyNotes),
      schema: {
        operationId: "markFieldJobFixed",
        summary: "A technician marks the job fixed",
        description:
          "A multipart/form-data form: `text`, the public note of the resolution, and up to five photos under " +
          "`images`, shown as the report's photos after the repair. The report is resolved, its followers are " +
          "told, and the report's links stop working.",
        tags,
        multipartBody: multipartBodyOf(fieldNoteInputSchema),
        params: tokenParams,
        response: { 200: fieldJobFixedSchema, ...errorResponses(400, 404, 409, 410, 413, 415, 429, 500, 503) },
      },
    },
    async (request) => {
      const { token } = request.params;
      await usableLink(db, token, now());
      const { text, uploads } = await readNote(request);
      const grievanceId = await markJobFixed(options, token, text, uploads);
      return { status: "resolved" as const, reportUrl: publicReportUrl(options.mailLinkBase, grievanceId) };
    },
  );

  app.get(
    apiPaths.fieldMedia,
    {
      config: limit(READS_PER_MINUTE, FIELD_MESSAGES.tooManyReads),
      schema: {
        operationId: "getFieldImage",
        summary: "An image of the job a technician's link opens",
        tags,
        params: z.object({ token: z.string(), key: z.string() }),
        response: {
          200: nonJsonAnswer("image/*", "The image (JPEG, PNG, WebP or GIF), its type from the key."),
          ...errorResponses(404, 410, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const { token, key } = request.params;
      if (!isValidObjectKey(key)) throw new HttpError(404, IMAGE_NOT_FOUND);
      const job = await fieldJobOf(db, await usableLink(db, token, now()), token);
      if (!job || !isImageOfJob(job, token, key)) throw new HttpError(404, IMAGE_NOT_FOUND);
      return sendImage(reply, imageStore, key, "no-store");
    },
  );
};
