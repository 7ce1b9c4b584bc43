import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { imageKeyParamsSchema } from "#shared/api-schemas/grievances.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { GrievanceRepository } from "../grievances/grievance-repository.ts";
import { HttpError } from "../http/http-error.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { isValidObjectKey } from "../storage/object-key.ts";

const IMAGE_NOT_FOUND = msg("Image not found");

/**
 * Streams a stored image. nosniff because the content type comes from the key we validated, never from the
 * bytes. Shared by the public route below and the staff one (which may read hidden reports' images).
 */
export async function sendImage(reply: FastifyReply, imageStore: ImageStore, key: string, cacheControl: string) {
  const object = await imageStore.get(key);
  if (!object) throw new HttpError(404, IMAGE_NOT_FOUND);
  return reply
    .header("Content-Type", object.contentType)
    .header("Content-Length", object.size)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", cacheControl)
    .send(object.stream);
}

/** The media routes' schema: the key in the address, the image's bytes as the answer. */
export const imageRouteSchema = (operationId: string, summary: string, tags: string[]) => ({
  operationId,
  summary,
  tags,
  params: imageKeyParamsSchema,
  response: {
    200: nonJsonAnswer("image/*", "The image (JPEG, PNG, WebP or GIF), its type from the key."),
    ...errorResponses(404, 500, 503),
  },
});

/**
 * Serves stored images at their public URL. Keys are immutable (timestamp + random), so they can be cached
 * for a year. Images of a hidden report are withheld like the report itself.
 */
export const mediaRoutes: FastifyPluginAsync<{ imageStore: ImageStore; repository: GrievanceRepository }> = async (
  app,
  { imageStore, repository },
) => {
  const schema = imageRouteSchema("getGrievanceImage", "A stored image", ["health"]);
  app.withTypeProvider<ZodTypeProvider>().get(apiPaths.media, { schema }, async (request, reply) => {
    // A key no store could hold is answered before the database is asked about it: whatever it contains
    // ("..", "/", encoded bytes) never reaches a query or a path.
    if (!isValidObjectKey(request.params.key)) throw new HttpError(404, IMAGE_NOT_FOUND);
    if (await repository.isImageOfHiddenReport(request.params.key)) throw new HttpError(404, IMAGE_NOT_FOUND);
    return sendImage(reply, imageStore, request.params.key, "public, max-age=31536000, immutable");
  });
};
