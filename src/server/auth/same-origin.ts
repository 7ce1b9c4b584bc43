import type { FastifyRequest } from "fastify";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request protection for the staff API. Browsers send `Origin` on every POST/PUT/PATCH/DELETE (and
 * `Referer` in older ones); a request made by another site's page carries that site's origin and is refused.
 * Only the host (with port) is compared: behind a TLS-terminating proxy without TRUST_PROXY the server sees
 * http while the browser says https, and the scheme adds nothing an attacker can use across hosts.
 * A request with neither header is refused too: the console always sends one, and scripts can set it.
 * The SameSite=Strict session cookie is the second layer.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const source = request.headers.origin ?? request.headers.referer;
  if (!source || source === "null") return true;
  try {
    // Both through URL so a default port ("host:443" vs "host") and letter case compare equal.
    const own = new URL(`${request.protocol}://${request.host}`).host;
    return new URL(source).host !== own;
  } catch {
    return true;
  }
}
