import type { FastifyPluginAsync } from "fastify";
import { IMAGE_URL_PREFIX } from "../../shared/api-paths.ts";
import { HttpError } from "../http/http-error.ts";
import type { ImageStore } from "../storage/image-store.ts";

const IMAGE_NOT_FOUND = "Image not found";

/**
 * Serves stored images at their public URL. Keys are immutable (timestamp + random), so they can be cached
 * forever; nosniff because the content type comes from the key we validated, never from the bytes.
 */
export const mediaRoutes: FastifyPluginAsync<{ imageStore: ImageStore }> = async (app, { imageStore }) => {
  app.get<{ Params: { key: string } }>(`${IMAGE_URL_PREFIX}:key`, async (request, reply) => {
    const object = await imageStore.get(request.params.key);
    if (!object) throw new HttpError(404, IMAGE_NOT_FOUND);
    return reply
      .header("Content-Type", object.contentType)
      .header("Content-Length", object.size)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(object.stream);
  });
};
