/**
 * The API's paths, shared so that the browser never spells a URL by hand: route patterns, which the server registers
 * as they are and the browser fills in with pathTo (below).
 */
export const apiPaths = {
  grievances: "/api/grievances",
  grievance: "/api/grievances/:id",
  /** Places (docs/decisions/016-map-and-location.md): markers in a visible area, possible duplicates,
   * "I have this problem too", what the maps need, an address for a pin. */
  grievanceMap: "/api/grievances/map",
  similarGrievances: "/api/grievances/similar",
  /** The water points in service nearest a pin, for the form (docs/decisions/040-reporting-against-water-points.md). */
  waterPointsNearby: "/api/water-points/nearby",
  /** The water points in service in a visible area, as GeoJSON; clusters when there are too many (decision 036). */
  waterPoints: "/api/water-points",
  grievanceAffected: "/api/grievances/:id/affected",
  /** Following a report by e-mail (decision 014). */
  grievanceFollowers: "/api/grievances/:id/followers",
  mapSettings: "/api/map-settings",
  /** Every category, in order, with whether it is offered (docs/decisions/017). */
  categories: "/api/categories",
  reverseGeocode: "/api/geocode/reverse",
  /** The reporter's view of their report, by the token of the private link (tracking.ts). */
  track: "/api/track/:token",
  /** The reporter adds an update (multipart) / answers "Is it fixed?" (docs/decisions/015-reporter-actions.md). */
  trackUpdates: "/api/track/:token/updates",
  trackAnswer: "/api/track/:token/answer",
  /** A technician's one-time link to a job (docs/decisions/031-technician-links.md): the job, a note, "fixed",
   * and the job's images, served under the link itself. */
  field: "/api/field/:token",
  fieldNotes: "/api/field/:token/notes",
  fieldFixed: "/api/field/:token/fixed",
  fieldMedia: "/api/field/:token/media/:key",
  storage: "/api/storage",
  /** Readiness, kept at its first address: database and storage usable. */
  health: "/api/health",
  readiness: "/api/health/ready",
  /** The process answers; checks nothing else. */
  liveness: "/api/health/live",
  /** The OpenAPI 3.1 document generated from the routes, and its readable reference page (docs/api-conventions.md). */
  openapi: "/api/openapi.json",
  docs: "/api/docs",
  /** Stored images (IMAGE_URL_PREFIX + object key). */
  media: "/media/grievance-images/:key",
  /** The map's own tiles (MAP_PMTILES_FILE), one PMTiles file read by byte ranges (decision 028). */
  mapTiles: "/media/map-tiles.pmtiles",
  /** Water incidents (docs/decisions/021-incidents.md): active and recent, one, the form's matching,
   * "I am affected", alerts for an area. */
  incidents: "/api/incidents",
  incident: "/api/incidents/:id",
  incidentMatching: "/api/incidents/matching",
  incidentAffected: "/api/incidents/:id/affected",
  incidentSubscriptions: "/api/incident-subscriptions",
  /** A water point by its code: status, downtime, reports (docs/decisions/039-water-point-status.md). */
  waterPoint: "/api/water-points/:code",
  /** Pages behind the links in the e-mails (rendered by the server, not the web app). */
  followConfirmPage: "/follow/confirm/:token",
  unsubscribePage: "/unsubscribe/:token",
  /** The link of an incident alert subscription's confirmation message. */
  incidentAlertsConfirmPage: "/alerts/confirm/:token",
  /** Kannel, the SMS gateway, calls these (docs/decisions/035-sms-through-a-gateway.md): a message from a phone, and
   * the delivery report of a message the portal sent. */
  smsKannelInbound: "/api/sms/kannel/inbound",
  smsKannelDelivery: "/api/sms/kannel/delivery",
} as const;

/** Exports of the public list's filter (docs/integrators.md): every matching report as CSV, and an Atom feed. */
export const exportPaths = {
  grievancesCsv: "/api/grievances.csv",
  grievancesFeed: "/feeds/grievances.atom",
  /** Incidents for alert aggregators: an Atom feed, and each incident as a CAP 1.2 document. */
  incidentsFeed: "/feeds/incidents.atom",
  incidentCap: "/incidents/:id.cap.xml",
  /** The registry of water points with WPDx's field names, as CSV and as GeoJSON (docs/decisions/036-water-points.md). */
  waterPointsCsv: "/api/water-points.csv",
  waterPointsGeojson: "/api/water-points.geojson",
} as const;

/** Pages of the web app that the server links to (feeds, e-mails). */
export { reportPagePath, LIST_PAGE_PATH, INCIDENTS_PAGE_PATH, incidentPagePath } from "./page-paths.ts";

/** Open311 GeoReport v2 (docs/integrators.md); `:format` is `json` or `xml`, written as the path's suffix. */
export const OPEN311_PREFIX = "/open311/v2";
export const open311Paths = {
  discovery: "/open311/v2/discovery.:format",
  services: "/open311/v2/services.:format",
  service: "/open311/v2/services/:service_code.:format",
  requests: "/open311/v2/requests.:format",
  request: "/open311/v2/requests/:service_request_id.:format",
  /** mySociety's extension: status changes, as FixMyStreet reads them. */
  serviceRequestUpdates: "/open311/v2/servicerequestupdates.:format",
} as const;

/** Public URL prefix of stored images; the object key follows it. */
export const IMAGE_URL_PREFIX = "/media/grievance-images/";

/** Where signed-in staff read images, hidden reports' included (the session cookie is scoped to /api/staff). */
export const STAFF_IMAGE_URL_PREFIX = "/api/staff/media/grievance-images/";

/** The `:name` parameters of a route pattern such as "/api/grievances/:id". */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : Pattern extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * A URL from a route pattern: the server registers the pattern itself, the browser fills it in with this, so a
 * path is written once (docs/api-conventions.md). Each value is percent-encoded.
 */
export function pathTo<Pattern extends string>(pattern: Pattern, params: PathParams<Pattern>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]!),
  );
}
