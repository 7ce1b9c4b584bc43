import { Form, Link, Outlet, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { getSession, signOut } from "../api/staff-api.ts";
import { withStaffSession } from "../session-guard.ts";
import { paths } from "../../../lib/paths.ts";
import "../../../styles/staff.css";

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

/** Console bar (who is signed in, sign out) above every console page. */
export function StaffLayout() {
  const session = useLoaderData<typeof staffLayoutLoader>();
  return (
    <div className="staff">
      <div className="staff-bar card" data-testid="staff-bar">
        <nav aria-label="Staff console">
          <Link className="staff-bar__home" to={paths.staffConsole()}>
            Staff console
          </Link>
          {session.role === "admin" && (
            <Link className="staff-bar__admin" to={paths.staffAdminCategories()}>
              Administration
            </Link>
          )}
        </nav>
        <div className="staff-bar__session">
          <span className="muted">
            Signed in as <strong data-testid="staff-email">{session.email}</strong>
          </span>
          <Form method="post" action={paths.staffSignOut()}>
            <button type="submit" className="button button--secondary button--small">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
