import fastifyEtag from "@fastify/etag";
import type { FastifyInstance } from "fastify";

/**
 * Caching rules of the API's answers. Reads (GET, HEAD) may be kept by the browser but are revalidated every time
 * (no-cache): each JSON answer carries an ETag, and a request whose If-None-Match still matches gets an empty 304,
 * so paging back to a list seen before, or reopening a report, costs a round trip and no body. Anything else is
 * never stored (no-store). Staff answers set no-store themselves (staff-plugin.ts), overriding this.
 */
export async function registerApiCaching(app: FastifyInstance): Promise<void> {
  // Weak: one JSON answer goes out brotli'd, gzipped or plain; a weak tag is the same for all three.
  await app.register(fastifyEtag, { weak: true });
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    reply.header("cache-control", request.method === "GET" || request.method === "HEAD" ? "no-cache" : "no-store");
  });
}
