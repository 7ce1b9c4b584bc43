import { Outlet, redirect, type LoaderFunctionArgs } from "react-router";
import { signOut } from "../api/staff-api.ts";
import { getSession, withStaffSession } from "#web/lib/session-guard.ts";
import { paths } from "#web/lib/paths.ts";

/** Guard of every console page: not signed in -> the sign-in page (the API answers 401 and no data). */
export async function staffLayoutLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getSession(request.signal));
}

/**
 * The session is checked once when the console is entered; the pages' own loaders turn a later 401 (expired
 * session) into the same redirect, so re-asking on every filter change would only cost a request.
 */
export function staffLayoutShouldRevalidate() {
  return false;
}

/** A plain visit to the sign-out address (no form) just goes to the sign-in page. */
export function signOutLoader() {
  return redirect(paths.staffSignIn());
}

export async function signOutAction() {
  await signOut();
  return redirect(paths.staffSignIn());
}

/** Every console page below the sign-in: the guard's data (the account) is shown by the console's header. */
export function StaffLayout() {
  return (
    <div className="staff">
      <Outlet />
    </div>
  );
}
