import { NavLink, Outlet, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getSession, withStaffSession } from "#web/lib/session-guard.ts";
import { adminPagePaths } from "./admin-page-paths.ts";
import "#web/styles/admin.css";

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
  const t = useT();
  const { isAdmin } = useLoaderData<typeof adminLayoutLoader>();
  useDocumentTitle(t("Administration"));
  if (!isAdmin) {
    return (
      <section className="card admin-refused">
        <h1>{t("Administration")}</h1>
        <p>{t(STAFF_MESSAGES.adminRequired)}</p>
      </section>
    );
  }
  return (
    <div className="admin">
      <h1>{t("Administration")}</h1>
      <nav className="admin-tabs" aria-label={t("Administration")}>
        <NavLink to={paths.staffAdminCategories()}>{t("Categories")}</NavLink>
        <NavLink to={paths.staffAdminAccounts()}>{t("Staff accounts")}</NavLink>
        <NavLink to={adminPagePaths.teams}>{t("Teams")}</NavLink>
        <NavLink to={adminPagePaths.routingRules}>{t("Routing rules")}</NavLink>
        <NavLink to={adminPagePaths.serviceTargets}>{t("Service targets")}</NavLink>
        <NavLink to={adminPagePaths.waterPoints}>{t("Water points")}</NavLink>
        <NavLink to={paths.staffAdminApiKeys()}>{t("API keys")}</NavLink>
        <NavLink to={paths.staffAdminResponseTemplates()}>{t("Response templates")}</NavLink>
        <NavLink to={adminPagePaths.personalData}>{t("Personal data")}</NavLink>
        <NavLink to={paths.staffAdminAudit()}>{t("Audit log")}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
