/**
 * Pages of the web app that the server links to (feeds, e-mails, `trackingUrl`) and the browser routes to: a module
 * of their own, without the API's paths, so that the web app's first chunk carries only these
 * (docs/decisions/012-a-light-first-load.md). api-paths.ts and tracking.ts export them too.
 */
export const reportPagePath = (id: string): string => `/grievance/${encodeURIComponent(id)}`;
export const LIST_PAGE_PATH = "/grievances";
export const INCIDENTS_PAGE_PATH = "/incidents";
export const incidentPagePath = (id: string): string => `/incidents/${encodeURIComponent(id)}`;

/** A report's page in the staff console: the link in messages to staff (an assignment, a new report for a team). */
export const consoleReportPagePath = (id: string): string => `/staff/grievances/${encodeURIComponent(id)}`;

/** The tracking page's path; the server puts it after PUBLIC_URL (or the request's origin) in `trackingUrl`. */
export const trackingPagePath = (token: string): string => `/track/${encodeURIComponent(token)}`;
