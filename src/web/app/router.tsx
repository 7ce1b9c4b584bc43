import { createBrowserRouter } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "./error-boundary.tsx";
import { RootLayout } from "./layout.tsx";
import { NotFound } from "./not-found.tsx";
import { routePatterns } from "./paths.ts";
import { GrievanceRoute, grievanceLoader } from "./routes/grievance.tsx";
import { GrievancesRoute, grievancesLoader } from "./routes/grievances.tsx";
import { LandingRoute } from "./routes/landing.tsx";
import { SubmitRoute } from "./routes/submit.tsx";
import { ConsoleRoute, consoleLoader } from "../features/staff/routes/console-route.tsx";
import { SignInRoute, signInAction, signInLoader } from "../features/staff/routes/sign-in-route.tsx";
import {
  StaffGrievanceRoute,
  staffGrievanceAction,
  staffGrievanceLoader,
} from "../features/staff/routes/staff-grievance-route.tsx";
import {
  StaffLayout,
  signOutAction,
  signOutLoader,
  staffLayoutLoader,
  staffLayoutShouldRevalidate,
} from "../features/staff/routes/staff-layout.tsx";
import { StatsRoute, statsLoader } from "../features/stats/stats-route.tsx";

/**
 * / (layout: header, nav, main, footer)
 *   (pathless: errors of a page render inside the layout)
 *     /                  Landing
 *     /submit-grievance  Report form
 *     /grievances        List (loader reads the URL query)
 *     /grievance/:id     Details (loader)
 *     /stats             Progress & Statistics (loader)
 *     /staff/sign-in     Staff sign-in (loader: already signed in -> /staff; action: sign in)
 *     /staff/sign-out    action: ends the session -> /staff/sign-in (a plain visit just redirects)
 *     /staff             Console layout (loader: session guard, 401 -> /staff/sign-in)
 *       (index)          Work queue (loader reads the URL query)
 *       grievances/:id   Staff report view (loader; action: status change, hide, unhide)
 *     *                  Page not found (DESIGN.md D10)
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      HydrateFallback: InitialLoading,
      children: [
        {
          errorElement: <RouteErrorBoundary />,
          children: [
            { path: routePatterns.home, element: <LandingRoute /> },
            { path: routePatterns.submit, element: <SubmitRoute /> },
            { path: routePatterns.list, loader: grievancesLoader, element: <GrievancesRoute /> },
            { path: routePatterns.grievance, loader: grievanceLoader, element: <GrievanceRoute /> },
            { path: routePatterns.stats, loader: statsLoader, element: <StatsRoute /> },
            { path: routePatterns.staffSignIn, loader: signInLoader, action: signInAction, element: <SignInRoute /> },
            { path: routePatterns.staffSignOut, loader: signOutLoader, action: signOutAction },
            {
              path: routePatterns.staffConsole,
              loader: staffLayoutLoader,
              shouldRevalidate: staffLayoutShouldRevalidate,
              element: <StaffLayout />,
              children: [
                { index: true, loader: consoleLoader, element: <ConsoleRoute /> },
                {
                  path: routePatterns.staffGrievance,
                  loader: staffGrievanceLoader,
                  action: staffGrievanceAction,
                  element: <StaffGrievanceRoute />,
                },
              ],
            },
            { path: "*", element: <NotFound /> },
          ],
        },
      ],
    },
  ]);
}

/** Shown only for the instant before the first loader returns (loaders do not wait for the API). */
function InitialLoading() {
  return null;
}
