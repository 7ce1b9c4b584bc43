import type { ReactNode } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from "react-router";
import { paths } from "./paths.ts";

function WaterLogo() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5c-.3 0-.6.2-.8.4C9.4 5.3 5 11 5 14.8A7 7 0 0 0 12 21.8a7 7 0 0 0 7-7c0-3.8-4.4-9.5-6.2-11.9a1 1 0 0 0-.8-.4Z"
        fill="currentColor"
      />
    </svg>
  );
}

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

export function RootLayout() {
  return (
    <AppShell>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}
