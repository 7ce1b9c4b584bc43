import type { FastifyError, FastifyRequest } from "fastify";
import { ACCEPTED_IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from "#shared/domain.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import { BodyGuard } from "../http/body-guard.ts";
import { describeError } from "../http/error-handler.ts";
import { HttpError } from "../http/http-error.ts";
import type { MultipartBody } from "../http/openapi.ts";
import type { Upload } from "./grievance-service.ts";
import { ClosingDelimiterWatch } from "./multipart-closing-delimiter.ts";
import { MAX_UPLOAD_BYTES } from "./upload-limits.ts";

export const IMAGE_FIELD = "images";

const MALFORMED_FORM = msg("The form data could not be read. Please try again.");

/**
 * What a form read by readSubmission looks like in the API's reference: the text fields the route validates with
 * (its shared zod schema) and the photos, with the limits enforced here and in upload-limits.ts.
 */
export const multipartBodyOf = (fields: MultipartBody["fields"]): MultipartBody => ({
  fields,
  files: {
    field: IMAGE_FIELD,
    maxFiles: MAX_IMAGES,
    maxFileBytes: MAX_IMAGE_BYTES,
    mediaTypes: ACCEPTED_IMAGE_MIME_TYPES,
  },
  maxBodyBytes: MAX_UPLOAD_BYTES,
});

export interface Submission {
  fields: Record<string, string>;
  uploads: Upload[];
}

/**
 * Reads the whole multipart body (fields and files) before judging it, so the visitor gets one answer about all
 * of it. The plugin's limits (upload-limits.ts) bound each part and what is held in memory; the body guard
 * bounds the whole body and, when reading stops early, leaves the connection usable or has the answer close it.
 */
export async function readSubmission(request: FastifyRequest): Promise<Submission> {
  if (Number(request.headers["content-length"]) > MAX_UPLOAD_BYTES) {
    // Refused before a byte is read; closing the connection spares reading the rest only to drop it.
    throw new HttpError(413, MESSAGES.uploadTooLarge, undefined, { closeConnection: true });
  }

  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  let filesRejected = false;
  let unknownFileField: string | undefined;

  const parts = request.parts();
  // The first step starts the parser, which pipes the raw body into itself in this same tick; the guard, attached
  // right after, sees every chunk from the first.
  let next = parts.next();
  const closing = new ClosingDelimiterWatch(request.headers["content-type"]);
  const body = new BodyGuard(request.raw, {
    limit: MAX_UPLOAD_BYTES,
    tooLargeMessage: MESSAGES.uploadTooLarge,
    onChunk: (chunk) => closing.feed(chunk),
  });
  const withinLimit = <T>(step: Promise<T>) => Promise.race([step, body.overLimit]);

  try {
    for (let step = await withinLimit(next); !step.done; step = await withinLimit(next)) {
      const part = step.value;
      // The plugin refuses names of Object.prototype itself; "prototype" is no field of ours either.
      if (isObjectInternalName(part.fieldname)) throw new request.server.multipartErrors.PrototypeViolationError();
      if (part.type === "field") {
        // The first value wins; a repeated field is not something the form sends.
        if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      } else {
        const bytes = await withinLimit(part.toBuffer());
        if (part.fieldname !== IMAGE_FIELD) unknownFileField ??= part.fieldname;
        // Over the size limit the plugin cuts the file short and marks it; a cut image is a rejected image.
        if (part.file.truncated) filesRejected = true;
        // A browser sends an empty, nameless part for a file input left empty.
        if (bytes.length > 0 || part.filename) uploads.push({ filename: part.filename, bytes });
      }
      next = parts.next();
    }
    await body.rest();
  } catch (error) {
    throw refusal(error, body.abandon());
  }
  // Without its closing delimiter the body was cut short, and the parts read so far are not the whole form.
  if (!closing.seen) throw new HttpError(400, MALFORMED_FORM);

  if (unknownFileField) {
    throw new HttpError(
      400,
      englishText(msg('Unexpected file field "{field}". Send images in the "{imagesField}" field.'), {
        field: unknownFileField,
        imagesField: IMAGE_FIELD,
      }),
    );
  }
  if (uploads.length > MAX_IMAGES) throw new HttpError(400, MESSAGES.tooManyImages, { images: MESSAGES.tooManyImages });
  if (filesRejected) throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
  return { fields, uploads };
}

function isObjectInternalName(name: string): boolean {
  return name in Object.prototype || name === "prototype";
}

/**
 * Any failure while reading, as the visitor's answer. The plugin's own errors (limits of files, fields and parts)
 * carry a status and get the error handler's wording; anything else is busboy failing on a malformed or cut-off
 * body, which is the sender's problem, not ours.
 */
function refusal(error: unknown, closeConnection: boolean): HttpError {
  let refused: HttpError;
  if (error instanceof HttpError) refused = error;
  else if ((error as FastifyError | undefined)?.statusCode) {
    const { status, body } = describeError(error as FastifyError);
    refused = new HttpError(status, body.message, undefined, { cause: error });
  } else refused = new HttpError(400, MALFORMED_FORM, undefined, { cause: error });
  refused.closeConnection ||= closeConnection;
  return refused;
}
