import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { noContent } from "#shared/api-schemas/media.ts";
import { staffSessionSchema } from "#shared/api-schemas/staff.ts";
import { staffApiPaths, underStaffPrefix, type StaffSession } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { signInSchema } from "#shared/staff/staff-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireStaff, staffOf } from "./require-staff.ts";
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from "./session-cookie.ts";
import { deleteSession, type ActiveSession, type SessionLimits } from "./session-repository.ts";
import type { ThrottleSettings } from "./sign-in-throttle-repository.ts";
import { signInStaff } from "./sign-in-workflow.ts";

export interface SessionRouteOptions {
  db: Database;
  limits: SessionLimits;
  throttle: ThrottleSettings;
  /** Whether SMS is set up (config.sms): the console offers SMS to reporters then. */
  sms: boolean;
}

function sessionView(session: ActiveSession, limits: SessionLimits, sms: boolean): StaffSession {
  const idle = new Date(session.lastSeenAt.getTime() + limits.idleMinutes * 60_000);
  const absolute = new Date(session.createdAt.getTime() + limits.maxHours * 3_600_000);
  return {
    email: session.email,
    role: session.role,
    idleExpiresAt: (idle < absolute ? idle : absolute).toISOString(),
    expiresAt: absolute.toISOString(),
    sms,
  };
}

/** POST/GET/DELETE /api/staff/session (registered under the /api/staff prefix). */
export async function sessionRoutes(plainApp: FastifyInstance, { db, limits, throttle, sms }: SessionRouteOptions) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const path = underStaffPrefix(staffApiPaths.session);

  const signIn = {
    operationId: "createStaffSession",
    summary: "Sign in",
    description: "Sets the session cookie. Unknown e-mail, wrong password and disabled account get the same 401.",
    tags: ["staff"],
    body: signInSchema,
    response: { 200: staffSessionSchema, ...errorResponses(400, 401, 403, 429, 500, 503) },
  };
  app.post(path, { schema: signIn }, async (request, reply) => {
    const outcome = await signInStaff(
      db,
      { ...request.body, ip: request.ip, previousSessionId: sessionCookieOf(request) },
      { throttle, limits },
    );
    if (outcome.kind === "throttled") {
      reply.header("retry-after", String(outcome.retryAfterSeconds));
      throw new HttpError(429, STAFF_MESSAGES.signInThrottled(Math.ceil(outcome.retryAfterSeconds / 60)));
    }
    setSessionCookie(request, reply, outcome.sessionId);
    // The account's id, not its e-mail: the log keeps no one's contact details (docs/operating.md, "Logs").
    request.log.info({ staffId: outcome.staffId }, "staff signed in");
    return sessionView(outcome.session, limits, sms);
  });

  const current = {
    operationId: "getStaffSession",
    summary: "The current session",
    tags: ["staff"],
    security: STAFF_SECURITY,
    response: { 200: staffSessionSchema, ...errorResponses(401, 500, 503) },
  };
  app.get(path, { preHandler: requireStaff(db, limits), schema: current }, async (request) =>
    sessionView(staffOf(request), limits, sms),
  );

  // Signing out always succeeds and always clears the cookie, signed in or not.
  const signOut = {
    operationId: "deleteStaffSession",
    summary: "Sign out",
    description: "Always succeeds and clears the cookie, signed in or not.",
    tags: ["staff"],
    response: { 204: noContent("Signed out: the session has ended."), ...errorResponses(403, 500, 503) },
  };
  app.delete(path, { schema: signOut }, async (request, reply) => {
    const id = sessionCookieOf(request);
    if (id) await deleteSession(db, id);
    clearSessionCookie(request, reply);
    // No body: Fastify sends a 204 without one (the schema's null says so).
    return reply.status(204).send(null);
  });
}
