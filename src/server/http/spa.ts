import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestLocale } from "../i18n/server-i18n.ts";
import { sendNotFound } from "./error-handler.ts";
import type { PagePhotoFinder } from "../grievances/page-photo.ts";
import { pageHtmlFor, withPhotoPreload } from "./page-preloads.ts";
import type { OperatorPage } from "../operator/operator-page.ts";
import { registerOperatorShell } from "../operator/operator-shell.ts";

// /assets/: a hashed file that is not there is a chunk of an older build (a tab open across a deploy); it must fail
// as a 404, not come back as a page that the browser then refuses as a script.
const NON_PAGE_PREFIXES = ["/api/", "/media/", "/assets/"];

/**
 * What the build writes for the server alone, never sent to a browser: Vite's manifest (.vite/, which lists the
 * source modules) and anything else in a dot-folder, the layout in each language that the server puts into its
 * pages (shell/), and source maps should a build ever make them. A browser asking for one gets a 404, not the file
 * and not a page.
 */
export function isServerOnlyFile(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not a valid escape: no file is called that either.
  }
  const segments = decoded.split(/[/\\]/).filter(Boolean);
  return segments[0] === "shell" || segments.some((segment) => segment.startsWith(".")) || decoded.endsWith(".map");
}

const isPagePath = (url: string) => {
  const pathname = url.split("?")[0] ?? "/";
  if (isServerOnlyFile(pathname)) return false;
  return !NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
};

/**
 * Serves the built SPA when it exists (dist/web) and answers every other page path with index.html so the
 * browser's router decides. Unknown API, media and asset paths stay JSON 404s. Text files go out as the build's
 * brotli or gzip copy (file.br, file.gz) when the browser accepts one, else as they are.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string,
  pagePhoto?: PagePhotoFinder,
  /** Puts the operator's name, emergency number and colour into the pages (operator/operator-page.ts). */
  operator?: OperatorPage,
): Promise<void> {
  const indexFile = path.join(webDir, "index.html");
  const hasSpa = fs.existsSync(indexFile);
  const pageHtml = hasSpa ? pageHtmlFor(webDir) : undefined;

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDir,
      // "/" is a page like the others: index.html with its preloads comes from sendPage below.
      index: false,
      preCompressed: true,
      // Only what browsers need (isServerOnlyFile); the not-found handler then answers a JSON 404.
      allowedPath: (pathname) => !isServerOnlyFile(pathname),
      dotfiles: "ignore",
      // Our own Cache-Control (setHeaders) instead of the plugin's max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names files under /assets by content hash: they never change, so cache them forever.
        const isHashedAsset = path.relative(webDir, filePath).split(path.sep)[0] === "assets";
        res.setHeader("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
        // The body depends on Accept-Encoding (a .br, a .gz or the file): a shared cache must keep them apart.
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
  }

  const withOperator = operator?.apply ?? ((html: string) => html);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pageHtml) return sendNotFound(reply);
    const [pathname = "/", search = ""] = request.url.split("?");
    // A reporter's private page (docs/decisions/013-reference-and-tracking-token.md): never indexed, and its address,
    // which is the reporter's credential, never sent on as a referrer.
    // A technician's one-time link to a job likewise (docs/decisions/031-technician-links.md).
    if (pathname.startsWith("/track/") || pathname.startsWith("/field/"))
      reply.header("X-Robots-Tag", "noindex").header("Referrer-Policy", "no-referrer");
    // The photo that is the page's largest paint, named from the data its loader will show (page-photo.ts).
    const photo = request.method === "GET" ? await pagePhoto?.(pathname, search) : undefined;
    // index.html names the current hashed assets, so it must be revalidated on every load. It is in the visitor's
    // language (docs/decisions/019-languages.md).
    return reply
      .header("Cache-Control", "no-cache")
      .header("Vary", "Accept-Encoding, Accept-Language, Cookie")
      .type("text/html; charset=utf-8")
      .send(withPhotoPreload(withOperator(pageHtml(pathname, search, requestLocale(request))), photo));
  };
  // Before the static files' wildcard, which would answer a folder (here the root) with 403.
  if (pageHtml) app.get("/", sendPage);
  if (hasSpa && operator) registerOperatorShell(app, webDir, operator);

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === "GET" || request.method === "HEAD") && isPagePath(request.url))
      return sendPage(request, reply);
    return sendNotFound(reply);
  });
}
