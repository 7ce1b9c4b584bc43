import type { ReactNode } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from "react-router";
import { OfflineOutboxSlot } from "../features/grievances/components/offline-outbox-slot.tsx";
import { msg } from "#shared/i18n/locales.ts";
import { AnnouncerProvider } from "../lib/announcer.tsx";
import { useT } from "../lib/i18n/i18n-context.tsx";
import { LanguageSwitch } from "../lib/i18n/language-switch.tsx";
import { WaterLogo } from "../lib/water-logo.tsx";
import { paths, routePatterns } from "./paths.ts";
import { useRouteFocus } from "./route-focus.ts";

const NAV_ITEMS = [
  { to: paths.home(), label: msg("Home"), end: true },
  { to: paths.submit(), label: msg("Submit Grievance"), end: false },
  { to: paths.list(), label: msg("View Grievances"), end: false },
  // docs/product-decisions.md D13: reports sent from this browser, to follow them.
  { to: paths.myReports(), label: msg("My Reports"), end: false },
  // Water incidents (a burst main, a quality alert): what residents look for first when the water stops.
  { to: paths.incidents(), label: msg("Incidents"), end: false },
] as const;

function NavigationBar() {
  const t = useT();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <NavLink to={paths.home()} className="site-title" end>
          <WaterLogo />
          <span>{t("Clean Water & Sanitation Grievance Portal")}</span>
        </NavLink>
        {/* Beside the portal's name, the navigation on a row of its own below: five links in any language fit
            there, and the header keeps one shape (base.css). */}
        <LanguageSwitch className="site-header__language" />
        <nav aria-label={t("Main")}>
          <ul className="site-nav">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * The operator's name, logo and emergency number, as the server put them into the page it sent
 * (server/operator/operator-page.ts fills the slot below): taken before React replaces the first paint, and put back
 * as they are, so they cost this bundle no code and follow the language by the style the server sends with them.
 */
const operator = typeof document === "undefined" ? null : document.getElementById("portal-operator");

function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__operator" ref={(slot) => void (operator && slot?.append(operator))} />
        <p>{t("Clean Water & Sanitation Grievance Portal · Report problems, follow their progress.")}</p>
        <p>{t("Contact details you share are never published in full.")}</p>
        <nav aria-label={t("Footer")}>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.stats()}>{t("Progress & Statistics")}</Link>
            </li>
            <li>
              <Link to={paths.accessibility()}>{t("Accessibility")}</Link>
            </li>
            <li>
              <Link to={routePatterns.privacy}>{t("Privacy")}</Link>
            </li>
            <li>
              <Link to={paths.staffSignIn()}>{t("Staff sign-in")}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Skip link, navigation bar, main landmark and footer around any content (also used by the error screens). */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("Skip to main content")}
      </a>
      <NavigationBar />
      <main id="main" className="container main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** Thin bar at the top while a route's loader runs. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" aria-hidden="true" />;
}

/**
 * Around every page, public or console: the one live region, the focus moved to each new page's heading, the
 * loading bar and scroll restoration (docs/accessibility.md).
 */
export function RootLayout() {
  useRouteFocus();
  return (
    <AnnouncerProvider>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AnnouncerProvider>
  );
}

/** The public pages' frame; the staff console has its own (features/staff/components/console-frame.tsx). */
export function PublicLayout() {
  return (
    <AppShell>
      <OfflineOutboxSlot />
      <Outlet />
    </AppShell>
  );
}
