import type { FastifyRequest } from "fastify";
import { MAX_IMAGES } from "../../shared/domain.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { HttpError } from "../http/http-error.ts";
import type { Upload } from "./grievance-service.ts";

export const IMAGE_FIELD = "images";

const MALFORMED_FORM = "The form data could not be read. Please try again.";

export interface Submission {
  fields: Record<string, string>;
  uploads: Upload[];
}

/**
 * Reads the whole multipart body (fields and files) before judging it, so the visitor gets one answer about all
 * of it and the connection is left clean. The plugin's limits (see app.ts) bound what is held in memory:
 * MAX_IMAGES + 1 files of at most MAX_IMAGE_BYTES each.
 */
export async function readSubmission(request: FastifyRequest): Promise<Submission> {
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  let filesRejected = false;
  let unknownFileField: string | undefined;

  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        // The first value wins; a repeated field is not something the form sends.
        if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== IMAGE_FIELD) unknownFileField ??= part.fieldname;
      // Over the size limit the plugin cuts the file short and marks it; a cut image is a rejected image.
      if (part.file.truncated) filesRejected = true;
      // A browser sends an empty, nameless part for a file input left empty.
      if (bytes.length === 0 && !part.filename) continue;
      uploads.push({ filename: part.filename, bytes });
    }
  } catch (error) {
    // The plugin's own errors (files/parts limits) carry a status and are mapped by the error handler; anything
    // else here is busboy failing on a malformed or cut-off body, which is the sender's problem, not ours.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new HttpError(400, MALFORMED_FORM, undefined, { cause: error });
  }

  if (unknownFileField) {
    throw new HttpError(400, `Unexpected file field "${unknownFileField}". Send images in the "${IMAGE_FIELD}" field.`);
  }
  if (uploads.length > MAX_IMAGES) throw new HttpError(400, MESSAGES.tooManyImages, { images: MESSAGES.tooManyImages });
  if (filesRejected) throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
  return { fields, uploads };
}
