import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { OperatorPage } from "./operator-page.ts";

/**
 * The offline shell (docs/offline.md): the service worker keeps /index.html and answers every later navigation to a
 * public page with it, so a returning visitor's pages come from that copy, not from the server. With the operator's
 * identity set, that copy must carry it too:
 * - GET /index.html, which the service worker fetches to keep, is the page with the operator's part added;
 * - GET /sw.js names that page's revision with the operator's version added, so a change of the PORTAL_… settings
 *   (a restart, not a new build) makes browsers update the worker, and with it their copy.
 * Without any setting both files go out as built (spa.ts's static files).
 */
export function registerOperatorShell(app: FastifyInstance, webDir: string, operator: OperatorPage): void {
  const read = (file: string) => fs.readFileSync(path.join(webDir, file), "utf8");
  app.get("/index.html", async (_request, reply) =>
    reply
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(operator.apply(read("index.html"))),
  );
  app.get("/sw.js", async (_request, reply) =>
    reply
      .header("Cache-Control", "no-cache")
      .type("text/javascript; charset=utf-8")
      .send(withShellRevision(read("sw.js"), operator.version)),
  );
}

/** The service worker's precache list with index.html's revision followed by the operator's version. */
export function withShellRevision(serviceWorker: string, version: string): string {
  return serviceWorker.replace(
    /(\{url:"index\.html",revision:")([^"]*)(")/,
    (_match, before: string, revision: string, after: string) => `${before}${revision}-${version}${after}`,
  );
}
