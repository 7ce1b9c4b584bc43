import { setTimeout as sleep } from "node:timers/promises";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { findAccountByEmail } from "./account-repository.ts";
import { verifyAgainstDummy, verifyPassword } from "./password.ts";
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

/**
 * Signing in (docs/decisions/005-staff-sessions-and-same-origin-checks.md): the attempt counted against the e-mail
 * and the address first, then the password checked, then a new session. Unknown e-mail, wrong password and disabled
 * account all do the same work and get the same 401.
 */

export interface SignInAttempt {
  email: string;
  password: string;
  ip: string;
  /** The session this browser had, if any: it ends (one browser, one session). */
  previousSessionId: string | undefined;
}

export type SignInOutcome =
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "signed-in"; staffId: string; sessionId: string; session: ActiveSession };

export async function signInStaff(
  db: Database,
  attempt: SignInAttempt,
  settings: { throttle: ThrottleSettings; limits: SessionLimits },
): Promise<SignInOutcome> {
  const keys = { email: attempt.email, ip: attempt.ip };
  // Counted before the password is checked, in one step with the check of the limit: a burst of parallel attempts
  // cannot have more passwords checked than the limit allows.
  const reservation = await reserveAttempt(db, keys, settings.throttle);
  if (!reservation.reserved) return { kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  let account: Awaited<ReturnType<typeof findAccountByEmail>>;
  let ok: boolean;
  try {
    account = await findAccountByEmail(db, attempt.email);
    // An account whose holder has not set a password yet cannot sign in, and takes as long to refuse as any other.
    ok = account?.password_hash
      ? await verifyPassword(attempt.password, account.password_hash)
      : await verifyAgainstDummy(attempt.password);
  } catch (error) {
    // No answer on the password (the database failed): the attempt is not a failure.
    await releaseAttempt(db, keys).catch(() => undefined);
    throw error;
  }
  if (!account || !ok || account.disabled_at !== null) {
    await deleteEndedCounters(db, settings.throttle);
    await sleep(failureDelayMs(reservation.failures));
    throw new HttpError(401, STAFF_MESSAGES.signInFailed);
  }
  await forgiveAttempt(db, keys);
  await pruneSessions(db, settings.limits);
  if (attempt.previousSessionId) await deleteSession(db, attempt.previousSessionId);
  const { id, session } = await createSession(db, account.id);
  return { kind: "signed-in", staffId: account.id, sessionId: id, session };
}
