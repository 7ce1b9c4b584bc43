import type { FastifyRequest } from "fastify";

/**
 * A tracking link's token is the key to a reporter's contact details and is stored nowhere (docs/decisions/013-
 * reference-and-tracking-token.md), so the log's "incoming request" lines must not keep it either: the page
 * (/track/<token>) and its API answer (/api/track/<token>) are logged as /track/….
 */
export function withoutTrackingToken(url: string): string {
  // The same for the one-time set-password links (docs/decisions/017): /staff/set-password/… and its API.
  return url.replace(/^((?:\/api)?\/track\/|\/staff\/set-password\/|\/api\/staff\/password-links\/)[^/?#]+/, "$1\u2026");
}

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL above. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutTrackingToken(request.url),
    version: request.headers?.["accept-version"] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
