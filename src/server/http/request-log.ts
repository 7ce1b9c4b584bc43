import type { FastifyInstance } from "fastify";
import { CLIENT_GONE, onRequestEnd } from "../observability/request-end.ts";
import { routeLabel } from "../observability/route-label.ts";

/**
 * A tracking link's token is the key to a reporter's contact details and is stored nowhere (docs/decisions/013-
 * reference-and-tracking-token.md), so the log must not keep it either: the page (/track/<token>) and its API
 * answer (/api/track/<token>) are logged as /track/….
 */
export function withoutTrackingToken(url: string): string {
  // The same for the one-time set-password links (docs/decisions/017): /staff/set-password/… and its API.
  return url.replace(
    /^((?:\/api)?\/track\/|\/staff\/set-password\/|\/api\/staff\/password-links\/)[^/?#]+/,
    "$1\u2026",
  );
}

/**
 * The address as logged: the path only (a query can hold a resident's search text), with every secret in it
 * replaced by "…": the segments a route names `:token` (tracking, e-mail confirmation and unsubscribe links,
 * set-password links), and the web app's pages of those links, which no route pattern describes.
 */
export function pathForLog(url: string, routePattern: string | undefined): string {
  const path = url.split("?")[0] ?? "/";
  const patternSegments = routePattern?.split("/");
  const segments = path.split("/");
  if (patternSegments && patternSegments.length === segments.length) {
    for (const [index, part] of patternSegments.entries()) if (/^:\w*token\w*$/i.test(part)) segments[index] = "\u2026";
  }
  return withoutTrackingToken(segments.join("/"));
}

/**
 * One JSON line per request, when it ends (docs/operating.md, "Logs"): its id, method, route pattern, path, status,
 * duration and client address. Never a body, a query, a header or a cookie, so never a resident's contact details.
 * The request's id (X-Request-Id) is the child logger's `reqId`, on this line and every other of the same request.
 */
export function registerRequestLog(app: FastifyInstance): void {
  onRequestEnd(app, (request, reply, statusCode) => {
    const length = reply.getHeader("content-length");
    request.log.info(
      {
        method: request.method,
        route: routeLabel(request, statusCode),
        url: pathForLog(request.url, request.routeOptions.url),
        statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
        ...(length !== undefined && { contentLength: Number(length) }),
      },
      statusCode === CLIENT_GONE ? "request aborted" : "request completed",
    );
  });
}
