import type { RouteObject } from "react-router";
import { loadConsoleTexts } from "../lib/i18n/i18n.ts";
import { RouteErrorBoundary } from "./error-boundary.tsx";
import { routeIds, routePatterns } from "./paths.ts";
import { adminPagePaths } from "#web/features/admin/routes/admin-page-paths.ts";

// The console's texts are a chunk of their own per language, fetched beside the console's code: the router renders
// a route only once its module is in, so no console page (sign-in too) shows before its texts
// (docs/decisions/019-languages.md). Not a top-level await in those modules, which would split the entry.
const withConsoleTexts = <T,>(module: Promise<T>) =>
  Promise.all([module, loadConsoleTexts()]).then(([loaded]) => loaded);
const staff = () => withConsoleTexts(import("./chunks/staff.ts"));
const admin = () => withConsoleTexts(import("./chunks/admin.ts"));
const staffIncidents = () => withConsoleTexts(import("./chunks/staff-incidents.ts"));

/**
 * The console's route table (its pages are listed in router.tsx), a chunk of its own: the router adds it
 * (patchRoutesOnNavigation) the first time someone goes to a path under /staff, so a visitor of the public pages
 * downloads none of it (docs/decisions/012-a-light-first-load.md).
 */
export const consoleRoutes: RouteObject[] = [
  {
    // The console's own frame (header with the account, no public chrome), in the staff chunk.
    lazy: async () => ({ Component: (await staff()).ConsoleFrame }),
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            path: routePatterns.staffSignIn,
            lazy: async () => {
              const m = await staff();
              return { loader: m.signInLoader, action: m.signInAction, Component: m.SignInRoute };
            },
          },
          {
            path: routePatterns.staffSetPassword,
            lazy: async () => {
              const m = await admin();
              return { loader: m.setPasswordLoader, action: m.setPasswordAction, Component: m.SetPasswordRoute };
            },
          },
          {
            path: routePatterns.staffSignOut,
            lazy: async () => {
              const m = await staff();
              return { loader: m.signOutLoader, action: m.signOutAction };
            },
          },
          {
            path: routePatterns.staffConsole,
            id: routeIds.staffConsole,
            lazy: async () => {
              const m = await staff();
              return {
                loader: m.staffLayoutLoader,
                shouldRevalidate: m.staffLayoutShouldRevalidate,
                Component: m.StaffLayout,
              };
            },
            children: [
              {
                index: true,
                lazy: async () => {
                  const m = await staff();
                  return { loader: m.consoleLoader, Component: m.ConsoleRoute };
                },
              },
              {
                path: routePatterns.staffAdmin,
                lazy: async () => {
                  const m = await admin();
                  return { loader: m.adminLayoutLoader, Component: m.AdminLayout };
                },
                children: [
                  { index: true, lazy: async () => ({ loader: (await admin()).adminIndexLoader }) },
                  {
                    path: routePatterns.staffAdminCategories,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.categoriesLoader, action: m.categoriesAction, Component: m.CategoriesRoute };
                    },
                  },
                  {
                    path: routePatterns.staffAdminAccounts,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.accountsLoader, action: m.accountsAction, Component: m.AccountsRoute };
                    },
                  },
                  {
                    path: routePatterns.staffAdminApiKeys,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.apiKeysLoader, action: m.apiKeysAction, Component: m.ApiKeysRoute };
                    },
                  },
                  {
                    path: adminPagePaths.serviceTargets,
                    lazy: async () => {
                      const m = await admin();
                      return {
                        loader: m.serviceTargetsLoader,
                        action: m.serviceTargetsAction,
                        Component: m.ServiceTargetsRoute,
                      };
                    },
                  },
                  {
                    path: adminPagePaths.teams,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.teamsLoader, action: m.teamsAction, Component: m.TeamsRoute };
                    },
                  },
                  {
                    path: adminPagePaths.routingRules,
                    lazy: async () => {
                      const m = await admin();
                      return {
                        loader: m.routingRulesLoader,
                        action: m.routingRulesAction,
                        Component: m.RoutingRulesRoute,
                      };
                    },
                  },
                  {
                    path: adminPagePaths.waterPoints,
                    lazy: async () => {
                      const m = await admin();
                      return {
                        loader: m.waterPointsLoader,
                        action: m.waterPointsAction,
                        Component: m.WaterPointsRoute,
                      };
                    },
                  },
                  {
                    path: adminPagePaths.personalData,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.personalDataLoader, Component: m.PersonalDataRoute };
                    },
                  },
                  {
                    path: routePatterns.staffAdminAudit,
                    lazy: async () => {
                      const m = await admin();
                      return { loader: m.auditLoader, Component: m.AuditRoute };
                    },
                  },
                  {
                    path: routePatterns.staffAdminResponseTemplates,
                    lazy: async () => {
                      const m = await admin();
                      return {
                        loader: m.responseTemplatesLoader,
                        action: m.responseTemplatesAction,
                        Component: m.ResponseTemplatesRoute,
                      };
                    },
                  },
                ],
              },
              {
                path: routePatterns.staffTakeReport,
                lazy: async () => {
                  const m = await staff();
                  return { action: m.takeReportAction, Component: m.TakeReportRoute };
                },
              },
              {
                path: routePatterns.staffTeamWork,
                lazy: async () => {
                  const m = await staff();
                  return { loader: m.teamWorkLoader, Component: m.TeamWorkRoute };
                },
              },
              {
                path: routePatterns.staffIncidents,
                lazy: async () => {
                  const m = await staffIncidents();
                  return { loader: m.incidentsLoader, Component: m.IncidentsRoute };
                },
              },
              {
                path: routePatterns.staffIncidentNew,
                lazy: async () => {
                  const m = await staffIncidents();
                  return { action: m.declareIncidentAction, Component: m.IncidentDeclareRoute };
                },
              },
              {
                path: routePatterns.staffIncident,
                lazy: async () => {
                  const m = await staffIncidents();
                  return {
                    loader: m.incidentLoader,
                    action: m.incidentAction,
                    shouldRevalidate: m.incidentShouldRevalidate,
                    Component: m.IncidentRoute,
                  };
                },
              },
              {
                path: routePatterns.staffGrievance,
                lazy: async () => {
                  const m = await staff();
                  return {
                    loader: m.staffGrievanceLoader,
                    action: m.staffGrievanceAction,
                    Component: m.StaffGrievanceRoute,
                  };
                },
              },
            ],
          },
        ],
      },
    ],
  },
];
