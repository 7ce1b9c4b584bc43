import { createBrowserRouter, type RouteObject } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "./error-boundary.tsx";
import { AppShell, PublicLayout, RootLayout } from "./layout.tsx";
import { NotFound } from "./not-found.tsx";
import { isConsolePath, routePatterns } from "./paths.ts";

import {
  accessibility,
  privacy,
  details,
  detailsLoader,
  field,
  incident,
  incidents,
  landing,
  landingLoader,
  list,
  listLoader,
  myReports,
  stats,
  submit,
  track,
  trackLoader,
  waterPoint,
} from "./route-modules.ts";

/**
 * (root: the live region, focus to each new page's heading, loading bar, scroll restoration)
 * (public frame: header, nav, main, footer; errors of a page render inside it)
 *     /                  Landing (loader: the newest reports, not awaited)
 *     /submit-grievance  Report form
 *     /grievances        List (loader reads the URL query)
 *     /grievance/:id     Details (loader; action: Follow, "I have this problem too", also from the form's duplicates)
 *     /stats             Progress & Statistics (loader)
 *     /track/:token      A reporter's private page of their report (loader; action: an update, "Is it fixed?")
 *     /field/:token      A technician's one-time link to a job: the report, notes, "Mark the job fixed" (loader)
 *     /my-reports        Reports submitted from this browser (from localStorage)
 *     /accessibility     The accessibility statement (loader: its texts in the visitor's language)
 *     /privacy           The privacy notice, written from the settings (loader: its texts and GET /api/privacy)
 *     /incidents         Water incidents, active and recent (loader; action: alerts for an area)
 *     /incidents/:id     One incident (loader, 404 -> Page not found; action: "I am affected", alerts; the form's
 *                        "This is probably part of …" sends its "I am affected" here too)
 *     /water-points/:code       A water point: status, downtime, reports (loader, 404 -> Page not found)
 *     /water-points/:code/sign  Its printable sign with QR codes (the same route and loader; the sign's own chunk)
 *     *                  Page not found (docs/product-decisions.md D10)
 * (console frame, in the staff chunk: its own header with the account and Sign out, no public chrome; the table is
 *  console-routes.tsx, added the first time the visitor goes under /staff)
 *     /staff/sign-in     Staff sign-in (loader: already signed in -> /staff; action: sign in)
 *     /staff/sign-out    action: ends the session -> /staff/sign-in (a plain visit just redirects)
 *     /staff             Console layout (loader: session guard, 401 -> /staff/sign-in)
 *       (index)          Work queue (loader reads the URL query)
 *       grievances/:id   Staff report view (loader; action: status change, hide, unhide)
 *       admin            Administration (loader: admins only), index -> categories
 *         categories     Categories: add, edit, reorder, deactivate (loader; action)
 *         accounts       Staff accounts: create with a one-time link, role, disable (loader; action)
 *         api-keys       API keys for Open311 clients: create (shown once), revoke (loader; action)
 *         audit          The audit log, paged (loader)
 *       incidents        Water incidents: active, then closed (loader)
 *       incidents/new    Declare an incident, its area drawn on a map (action)
 *       incidents/:id    One incident: update, link reports with a preview, close (loader; action)
 *     /staff/set-password/:token  A new account's one-time link: set the password (loader; action)
 */
export function createAppRouter() {
  // ScrollRestoration keeps each history entry's scroll position under its key, but the first entry of a freshly
  // loaded document has none (React Router calls it "default"): every page opened by its address, a bookmark or a
  // link in an e-mail shared one saved position, and opened as far down as the last such page had been scrolled.
  // The entry gets a key of its own, kept in its history state, so that Back, Forward and a reload still find where
  // it was, and a new page starts at the top (docs/accessibility.md).
  const state = history.state as { key?: string } | null;
  if (!state?.key) history.replaceState({ ...state, key: `${Math.random()}` }, "");
  let consoleAdded: Promise<void> | undefined;
  return createBrowserRouter(ROUTES, {
    // The console's routes are a chunk of their own (console-routes.tsx), added under the root the first time a
    // path under /staff is asked for (the public "*" matches it until then, so the router asks here first). The
    // public pages' visitors download none of it.
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (!isConsolePath(path)) return;
      consoleAdded ??= import("./console-routes.tsx").then(
        ({ consoleRoutes }) => patch(ROOT_ID, consoleRoutes),
        (error: unknown) => {
          consoleAdded = undefined; // A failed download is tried again on the next navigation.
          throw error;
        },
      );
      return consoleAdded;
    },
  });
}

const ROOT_ID = "root";

const ROUTES: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    HydrateFallback: InitialLoading,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                path: routePatterns.home,
                lazy: {
                  loader: async () => (await landingLoader()).landingLoader,
                  Component: async () => (await landing()).LandingPage,
                },
              },
              { path: routePatterns.submit, lazy: async () => ({ Component: (await submit()).SubmitPage }) },
              {
                path: routePatterns.list,
                // Loader and page download side by side, and the request starts before the page's chunk is in.
                lazy: {
                  loader: async () => (await listLoader()).grievancesLoader,
                  Component: async () => (await list()).ListPage,
                },
              },
              {
                path: routePatterns.grievance,
                // The action (Follow, "I have this problem too") comes with the page: pages/grievance-action.ts.
                lazy: {
                  loader: async () => (await detailsLoader()).grievanceLoader,
                  action: async () => (await details()).grievanceAction,
                  Component: async () => (await details()).GrievancePage,
                },
              },
              {
                path: routePatterns.stats,
                lazy: async () => {
                  const m = await stats();
                  return { loader: m.statsLoader, Component: m.StatsRoute };
                },
              },
              {
                path: routePatterns.track,
                lazy: {
                  loader: async () => (await trackLoader()).trackLoader,
                  // The reporter's update and "Is it fixed?" come with the page (features/tracking/tracking-actions.ts).
                  action: async () => (await track()).trackAction,
                  Component: async () => (await track()).TrackPage,
                },
              },
              {
                path: routePatterns.incidents,
                // Loader, action and page in one chunk: the page is small, and its action comes with it.
                lazy: async () => {
                  const m = await incidents();
                  return { loader: m.incidentsLoader, action: m.incidentsAction, Component: m.IncidentsRoute };
                },
              },
              {
                path: routePatterns.incident,
                lazy: async () => {
                  const m = await incident();
                  return { loader: m.incidentLoader, action: m.incidentsAction, Component: m.IncidentRoute };
                },
              },
              {
                path: routePatterns.field,
                lazy: async () => {
                  const m = await field();
                  return { loader: m.fieldLoader, Component: m.FieldRoute };
                },
              },
              {
                path: routePatterns.waterPoint,
                lazy: async () => {
                  const m = await waterPoint();
                  return { loader: m.waterPointLoader, Component: m.WaterPointRoute };
                },
              },
              { path: routePatterns.myReports, lazy: async () => ({ Component: (await myReports()).MyReportsRoute }) },
              {
                path: routePatterns.accessibility,
                lazy: async () => {
                  const m = await accessibility();
                  return { loader: m.accessibilityLoader, Component: m.AccessibilityRoute };
                },
              },
              {
                path: routePatterns.privacy,
                lazy: async () => {
                  const m = await privacy();
                  return { loader: m.privacyLoader, Component: m.PrivacyRoute };
                },
              },
              // Not lazy: the error boundary shows the same page for a 404, so it is in the first chunk anyway.
              { path: "*", element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Shown while the first page's chunk downloads: the header and footer paint at once, and the page fills the
 * main area when its chunk arrives, without moving them (main is a screen tall, base.css).
 */
function InitialLoading() {
  // A console page has its own frame, which comes with its chunk.
  if (isConsolePath(window.location.pathname)) return null;
  return <AppShell>{null}</AppShell>;
}
