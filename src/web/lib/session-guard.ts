import { redirect } from "react-router";
import type { StaffSession } from "#shared/staff/staff-api.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { ApiRequestError, apiFetch } from "./api-client.ts";
import { paths } from "./paths.ts";

/** Where to go after signing in: only a console page of this site, never another origin (no open redirect). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/staff") || next.startsWith("//") || next.startsWith(paths.staffSignIn())) {
    return paths.staffConsole();
  }
  return next;
}

/** The page the visitor asked for, to come back to after signing in. */
function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Runs a staff API call in a loader; a 401 (not signed in, or the session ran out) becomes a redirect to the
 * sign-in page that remembers where the visitor was going. Any other error is thrown on to the error screen.
 */
export async function withStaffSession<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      throw redirect(paths.staffSignIn(requestedPath(request)));
    }
    throw error;
  }
}

/** True when the error means "signed out": actions use it to send the visitor back to sign in. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** Who is signed in (401 when nobody is): what the console's and the administration's layouts guard on. */
export function getSession(signal?: AbortSignal): Promise<StaffSession> {
  return apiFetch<StaffSession>(staffApiPaths.session, { signal });
}
