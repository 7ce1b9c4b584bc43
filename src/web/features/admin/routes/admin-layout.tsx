import { NavLink, Outlet, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { STAFF_MESSAGES } from "../../../../shared/staff-messages.ts";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { getSession } from "../../staff/api/staff-api.ts";
import { withStaffSession } from "../../staff/session-guard.ts";
import "../../../styles/admin.css";

/** The administration is for administrators: others get a page that says so (the API refuses them too). */
export async function adminLayoutLoader({ request }: LoaderFunctionArgs) {
  const session = await withStaffSession(request, () => getSession(request.signal));
  return { isAdmin: session.role === "admin" };
}

/** /staff/admin itself opens the first tab. */
export function adminIndexLoader() {
  return redirect(paths.staffAdminCategories());
}

export function AdminLayout() {
  const { isAdmin } = useLoaderData<typeof adminLayoutLoader>();
  useDocumentTitle("Administration");
  if (!isAdmin) {
    return (
      <section className="card admin-refused">
        <h1>Administration</h1>
        <p>{STAFF_MESSAGES.adminRequired}</p>
      </section>
    );
  }
  return (
    <div className="admin">
      <h1>Administration</h1>
      <nav className="admin-tabs" aria-label="Administration">
        <NavLink to={paths.staffAdminCategories()}>Categories</NavLink>
        <NavLink to={paths.staffAdminAccounts()}>Staff accounts</NavLink>
        <NavLink to={paths.staffAdminApiKeys()}>API keys</NavLink>
        <NavLink to={paths.staffAdminAudit()}>Audit log</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
