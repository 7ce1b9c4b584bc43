import type { FastifyReply, FastifyRequest } from "fastify";
import "@fastify/cookie";
import { STAFF_API_PREFIX } from "#shared/staff/staff-api.ts";

export const SESSION_COOKIE = "staff_session";

/**
 * HttpOnly: page scripts cannot read it. SameSite=Strict: no other site can make the browser send it, not even
 * on a top-level link; the console is a single-page app whose API calls are same-site, so Strict costs nothing.
 * Secure whenever the request came over HTTPS (request.protocol honours TRUST_PROXY for X-Forwarded-Proto).
 * Path /api/staff: the public pages and API never receive it. No Max-Age: a browser session cookie; the server
 * enforces the idle and absolute limits.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: STAFF_API_PREFIX,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: STAFF_API_PREFIX,
  });
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  // Ignore anything that cannot be one of ours before touching the database.
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
