import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendNotFound } from "./error-handler.ts";

const NON_PAGE_PREFIXES = ["/api/", "/media/"];

const isPagePath = (url: string) => {
  const pathname = url.split("?")[0] ?? "/";
  return !NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
};

/**
 * Serves the built SPA when it exists (dist/web) and answers every other page path with index.html so the
 * browser's router decides. Unknown API and media paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, "index.html");
  const hasSpa = fs.existsSync(indexFile);

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: ["index.html"],
      // Our own Cache-Control (setHeaders) instead of the plugin's max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names files under /assets by content hash: they never change, so cache them forever.
        const isHashedAsset = path.relative(webDir, filePath).split(path.sep)[0] === "assets";
        res.setHeader("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasSpa && (request.method === "GET" || request.method === "HEAD") && isPagePath(request.url)) {
      // index.html names the current hashed assets, so it must be revalidated on every load.
      return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").sendFile("index.html", webDir, { cacheControl: false });
    }
    return sendNotFound(reply);
  });
}
