import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import { incidentPagePath, INCIDENTS_PAGE_PATH, trackingPagePath } from "#shared/page-paths.ts";
import { searchOf } from "./query-string.ts";

/**
 * Query of the list page as it appears in the URL (docs/product-decisions.md D9): every key optional, page 1 omitted. `view`
 * "map" shows the reports on a map instead (decision 016); the list is the default.
 */
export type ListQuery = Partial<Record<Exclude<keyof GrievanceListFilters, "bbox">, string>> & {
  page?: number | string;
  view?: ListView;
};

/** How the list page (and the console) shows the reports: the URL's `view`, "list" when absent. */
export type ListView = "list" | "map";

/** The view a page URL asks for; anything but "map" is the list. */
export const listViewOf = (params: URLSearchParams): ListView => (params.get("view") === "map" ? "map" : "list");

/** Builds "?q=..&category=.." from a list query, leaving out blank values, page 1 and the default list view. */
export function listSearch(query: ListQuery = {}): string {
  const { q, category, status, priority, page, view } = query;
  return searchOf({
    q,
    category,
    status,
    priority,
    page: Number(page) > 1 ? page : undefined,
    view: view === "map" ? view : undefined,
  });
}

/** Typed route paths: the only place the app spells a route. */
export const paths = {
  home: () => "/",
  submit: () => "/submit-grievance",
  list: (query?: ListQuery) => `/grievances${listSearch(query)}`,
  grievance: (id: string) => `/grievance/${encodeURIComponent(id)}`,
  stats: () => "/stats",
  /** The reporter's private page of one report (the server names the same path in `trackingUrl`). */
  track: (token: string) => trackingPagePath(token),
  /** Reports submitted from this browser. */
  myReports: () => "/my-reports",
  /** Water incidents: active and recent ones, and one incident's page. */
  incidents: () => INCIDENTS_PAGE_PATH,
  incident: (id: string) => incidentPagePath(id),
  /** The accessibility statement: what the portal meets, and how to tell the operator what it does not. */
  accessibility: () => "/accessibility",
  /** `next`: the console page to return to after signing in. */
  staffSignIn: (next?: string) => `/staff/sign-in${searchOf({ next })}`,
  staffSignOut: () => "/staff/sign-out",
  /** `search`: a query string ("?q=..") of the queue's filters, kept as the URL has it. */
  staffConsole: (search = "") => `/staff${search}`,
  staffGrievance: (id: string) => `/staff/grievances/${encodeURIComponent(id)}`,
  /** The managers' per-team view (docs/decisions/031-technician-links.md). */
  staffTeamWork: () => "/staff/team-work",
  /** Administration (admins only, docs/decisions/017). */
  staffAdminCategories: () => "/staff/admin/categories",
  staffAdminAccounts: () => "/staff/admin/accounts",
  staffAdminApiKeys: () => "/staff/admin/api-keys",
  staffAdminAudit: () => "/staff/admin/audit",
  staffAdminResponseTemplates: () => "/staff/admin/response-templates",
  /** A report taken for a caller (docs/decisions/033-duplicates-calls-and-templates.md). */
  staffTakeReport: () => "/staff/take-report",
  /** Water incidents in the console: the list, declaring one, one incident. */
  staffIncidents: () => "/staff/incidents",
  staffIncidentNew: () => "/staff/incidents/new",
  staffIncident: (id: string) => `/staff/incidents/${encodeURIComponent(id)}`,
} as const;

/** Route patterns for the router. */
export const routePatterns = {
  home: "/",
  submit: "/submit-grievance",
  list: "/grievances",
  grievance: "/grievance/:id",
  stats: "/stats",
  track: "/track/:token",
  field: "/field/:token",
  myReports: "/my-reports",
  incidents: INCIDENTS_PAGE_PATH,
  incident: `${INCIDENTS_PAGE_PATH}/:id`,
  accessibility: "/accessibility",
  /** The privacy notice (docs/decisions/042-privacy-and-retention.md); linked by this pattern, which has no parameter. */
  privacy: "/privacy",
  /** A water point's page, and its sign with `view` "sign" (page-paths.ts writes both). */
  waterPoint: "/water-points/:code/:view?",
  staffSignIn: "/staff/sign-in",
  staffSignOut: "/staff/sign-out",
  staffConsole: "/staff",
  staffGrievance: "/staff/grievances/:id",
  staffTeamWork: "/staff/team-work",
  staffAdmin: "/staff/admin",
  staffAdminCategories: "/staff/admin/categories",
  staffAdminAccounts: "/staff/admin/accounts",
  staffAdminApiKeys: "/staff/admin/api-keys",
  staffAdminAudit: "/staff/admin/audit",
  staffAdminResponseTemplates: "/staff/admin/response-templates",
  staffTakeReport: "/staff/take-report",
  staffIncidents: "/staff/incidents",
  staffIncidentNew: "/staff/incidents/new",
  staffIncident: "/staff/incidents/:id",
  /** The one-time link of a new staff account (the server builds the same path: admin/password-link-repository.ts). */
  staffSetPassword: "/staff/set-password/:token",
} as const;

/** Ids of routes whose loader data other routes read (useRouteLoaderData). */
export const routeIds = {
  /** The console's guard: its data is the signed-in account, which the console's header shows. */
  staffConsole: "staff-console",
} as const;

/** Console pages (sign-in included) have their own frame, not the public header and footer. */
export const isConsolePath = (pathname: string) => pathname === "/staff" || pathname.startsWith("/staff/");
