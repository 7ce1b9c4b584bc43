import { createBrowserRouter } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "./error-boundary.tsx";
import { RootLayout } from "./layout.tsx";
import { NotFound } from "./not-found.tsx";
import { routePatterns } from "./paths.ts";
import { GrievanceRoute, grievanceLoader } from "./routes/grievance.tsx";
import { GrievancesRoute, grievancesLoader } from "./routes/grievances.tsx";
import { LandingRoute } from "./routes/landing.tsx";
import { SubmitRoute } from "./routes/submit.tsx";

/**
 * / (layout: header, nav, main, footer)
 *   (pathless: errors of a page render inside the layout)
 *     /                  Landing
 *     /submit-grievance  Report form
 *     /grievances        List (loader reads the URL query)
 *     /grievance/:id     Details (loader)
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
