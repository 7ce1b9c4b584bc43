import type { ReactNode } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from "react-router";
import { OfflineOutboxSlot } from "../features/report/offline/offline-outbox-slot.tsx";
import { AnnouncerProvider } from "../lib/announcer.tsx";
import { WaterLogo } from "../lib/water-logo.tsx";
import { paths } from "./paths.ts";
import { useRouteFocus } from "./route-focus.ts";

const NAV_ITEMS = [
  { to: paths.home(), label: "Home", end: true },
  { to: paths.submit(), label: "Submit Grievance", end: false },
  { to: paths.list(), label: "View Grievances", end: false },
  // docs/product-decisions.md D13: reports sent from this browser, to follow them.
  { to: paths.myReports(), label: "My Reports", end: false },
] as const;

function NavigationBar() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <NavLink to={paths.home()} className="site-title" end>
          <WaterLogo />
          <span>Clean Water &amp; Sanitation Grievance Portal</span>
        </NavLink>
        <nav aria-label="Main">
          <ul className="site-nav">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>Clean Water &amp; Sanitation Grievance Portal · Report problems, follow their progress.</p>
        <p>Contact details you share are never published in full.</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={paths.stats()}>Progress &amp; Statistics</Link>
            </li>
            <li>
              <Link to={paths.staffSignIn()}>Staff sign-in</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Skip link, navigation bar, main landmark and footer around any content (also used by the error screens). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
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
