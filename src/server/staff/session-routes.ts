import { setTimeout as sleep } from "node:timers/promises";
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
import { findAccountByEmail } from "./account-repository.ts";
import { verifyAgainstDummy, verifyPassword } from "./password.ts";
import { requireStaff, staffOf } from "./require-staff.ts";
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from "./session-cookie.ts";
import {
  createSession,
  deleteSession,
  pruneSessions,
  type ActiveSession,
  type SessionLimits,
} from "./session-repository.ts";
import {
  deleteEndedCounters,
  failureDelayMs,
  forgiveAttempt,
  releaseAttempt,
  reserveAttempt,
  type ThrottleSettings,
} from "./sign-in-throttle-repository.ts";

export interface SessionRouteOptions {
  db: Database;
  limits: SessionLimits;
  throttle: ThrottleSettings;
}

function sessionView(session: ActiveSession, limits: SessionLimits): StaffSession {
  const idle = new Date(session.lastSeenAt.getTime() + limits.idleMinutes * 60_000);
  const absolute = new Date(session.createdAt.getTime() + limits.maxHours * 3_600_000);
  return {
    email: session.email,
    role: session.role,
    idleExpiresAt: (idle < absolute ? idle : absolute).toISOString(),
    expiresAt: absolute.toISOString(),
  };
}

/** POST/GET/DELETE /api/staff/session (registered under the /api/staff prefix). */
export async function sessionRoutes(plainApp: FastifyInstance, { db, limits, throttle }: SessionRouteOptions) {
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
    const { email, password } = request.body;
    const keys = { email, ip: request.ip };
    // Counted before the password is checked, in one step with the check of the limit (sign-in-throttle-repository.ts): a
    // burst of parallel attempts cannot have more passwords checked than the limit allows.
    const reservation = await reserveAttempt(db, keys, throttle);
    if (!reservation.reserved) {
      reply.header("retry-after", String(reservation.retryAfterSeconds));
      throw new HttpError(429, STAFF_MESSAGES.signInThrottled(Math.ceil(reservation.retryAfterSeconds / 60)));
    }
    let account: Awaited<ReturnType<typeof findAccountByEmail>>;
    let ok: boolean;
    try {
      account = await findAccountByEmail(db, email);
      // Unknown e-mail, wrong password and disabled account all do the same work and get the same answer.
      // An account whose holder has not set a password yet cannot sign in, and takes as long to refuse as any other.
      ok = account?.password_hash
        ? await verifyPassword(password, account.password_hash)
        : await verifyAgainstDummy(password);
    } catch (error) {
      // No answer on the password (the database failed): the attempt is not a failure.
      await releaseAttempt(db, keys).catch(() => undefined);
      throw error;
    }
    if (!account || !ok || account.disabled_at !== null) {
      await deleteEndedCounters(db, throttle);
      await sleep(failureDelayMs(reservation.failures));
      throw new HttpError(401, STAFF_MESSAGES.signInFailed);
    }
    await forgiveAttempt(db, keys);
    await pruneSessions(db, limits);
    // A previous session of this browser ends: one browser, one session.
    const previous = sessionCookieOf(request);
    if (previous) await deleteSession(db, previous);
    const { id, session } = await createSession(db, account.id);
    setSessionCookie(request, reply, id);
    // The account's id, not its e-mail: the log keeps no one's contact details (docs/operating.md, "Logs").
    request.log.info({ staffId: account.id }, "staff signed in");
    return sessionView(session, limits);
  });

  const current = {
    operationId: "getStaffSession",
    summary: "The current session",
    tags: ["staff"],
    security: STAFF_SECURITY,
    response: { 200: staffSessionSchema, ...errorResponses(401, 500, 503) },
  };
  app.get(path, { preHandler: requireStaff(db, limits), schema: current }, async (request) =>
    sessionView(staffOf(request), limits),
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
