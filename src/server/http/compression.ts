import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// JSON and text only. Images are never compressed: JPEG, PNG, GIF and WebP are compressed already (mime-db, which
// the plugin also asks, says so too), and the media routes stream them as stored.
const TEXT_TYPES = /^(?:text\/|application\/(?:[\w.-]+\+)?json(?:;|$))/;

/**
 * Compresses answers on the fly, brotli or gzip as the client accepts: in practice the API's JSON. The built web
 * app is not compressed here: the build made brotli and gzip copies at the highest levels and the SPA's static
 * files go out as those, marked Content-Encoding, which this plugin leaves alone (spa.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    // A smaller answer fits in a packet or two anyway; compressing it costs more than it saves.
    threshold: 1024,
    customTypes: TEXT_TYPES,
  });
}
