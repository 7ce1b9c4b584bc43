import { Form, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { LanguageSwitch } from "#web/lib/i18n/language-switch.tsx";
import { paths, routeIds } from "#web/lib/paths.ts";
import { WaterLogo } from "#web/lib/water-logo.tsx";
import type { staffLayoutLoader } from "../routes/staff-layout.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import "#web/styles/staff.css";
import "#web/styles/staff-queue.css";
import "#web/styles/staff-work-list.css";

/**
 * The console's own frame: a tool for staff, not a page of the public site (docs/accessibility.md). Its header
 * holds the console's sections, who is signed in, Sign out and the language switch; the public navigation and
 * footer are not here. Sign-in and the set-password page use it too, without the account.
 */
export function ConsoleFrame() {
  const t = useT();
  const session = useRouteLoaderData<typeof staffLayoutLoader>(routeIds.staffConsole);
  return (
    <div className="app console">
      <a className="skip-link" href="#main">
        {t("Skip to main content")}
      </a>
      <header className="console-header" data-testid="staff-bar">
        <div className="container console-header__inner">
          <Link className="console-header__title" to={session ? paths.staffConsole() : paths.staffSignIn()}>
            <WaterLogo />
            <span>{t("Staff console")}</span>
          </Link>
          {session && (
            <nav aria-label={t("Staff console")}>
              <ul className="console-nav">
                <li>
                  <NavLink className="console-nav__link" to={paths.staffConsole()} end>
                    {t("Work queue")}
                  </NavLink>
                </li>
                <li>
                  <NavLink className="console-nav__link" to={paths.staffTakeReport()}>
                    {t("Take a report")}
                  </NavLink>
                </li>
                <li>
                  <NavLink className="console-nav__link" to={paths.staffTeamWork()}>
                    {t("Work by team")}
                  </NavLink>
                </li>
                <li>
                  <NavLink className="console-nav__link" to={paths.staffIncidents()}>
                    {t("Incidents")}
                  </NavLink>
                </li>
                {session.role === "admin" && (
                  <li>
                    <NavLink className="console-nav__link" to={paths.staffAdminCategories()}>
                      {t("Administration")}
                    </NavLink>
                  </li>
                )}
              </ul>
            </nav>
          )}
          <div className="console-header__account">
            {session && (
              <>
                <span className="console-header__email">
                  {withElements(t("Signed in as {email}", { email: slot("email") }), {
                    email: <strong data-testid="staff-email">{session.email}</strong>,
                  })}
                </span>
                <Form method="post" action={paths.staffSignOut()}>
                  <button type="submit" className="button button--secondary button--small">
                    {t("Sign out")}
                  </button>
                </Form>
              </>
            )}
            <Link className="console-header__public" to={paths.home()}>
              {t("Public site")}
            </Link>
            <LanguageSwitch className="console-header__language" />
          </div>
        </div>
      </header>
      <main id="main" className="container main console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
