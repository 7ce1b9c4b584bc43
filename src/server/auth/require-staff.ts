import type { FastifyReply, FastifyRequest } from "fastify";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { clearSessionCookie, SESSION_COOKIE, sessionCookieOf } from "./session-cookie.ts";
import { findSession, type ActiveSession, type SessionLimits } from "./session-repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member; set by requireStaff on staff routes. */
    staff: ActiveSession | null;
  }
}

/** The session behind the request's cookie, or null; a dead cookie is cleared. */
export async function currentStaff(
  db: Database,
  limits: SessionLimits,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ActiveSession | null> {
  const id = sessionCookieOf(request);
  const session = id ? await findSession(db, id, limits) : undefined;
  if (!session && request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
  return session ?? null;
}

/** preHandler for every staff route except sign-in: 401 with one message and no data when not signed in. */
export function requireStaff(db: Database, limits: SessionLimits) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const staff = await currentStaff(db, limits, request, reply);
    if (!staff) throw new HttpError(401, STAFF_MESSAGES.signInRequired);
    request.staff = staff;
  };
}

/** The signed-in staff member on a route guarded by requireStaff. */
export function staffOf(request: FastifyRequest): ActiveSession {
  if (!request.staff) throw new HttpError(401, STAFF_MESSAGES.signInRequired);
  return request.staff;
}

/**
 * preHandler for the administration routes (categories, accounts, API keys, audit log), after requireStaff:
 * 403 for a signed-in member of staff who is not an administrator.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (staffOf(request).role !== "admin") throw new HttpError(403, STAFF_MESSAGES.adminRequired);
}
