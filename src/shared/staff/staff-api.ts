import type { z } from "zod/mini";
import type { grievanceProgressSchema, progressEntrySchema } from "../api-schemas/progress.ts";
import type {
  publicStatsSchema,
  staffEventKindSchema,
  staffGrievanceDetailSchema,
  staffGrievanceSchema,
  staffMapMarkerSchema,
  staffMapResponseSchema,
  staffQueueResponseSchema,
  staffReporterUpdateSchema,
  staffSessionSchema,
  staffTimelineEventSchema,
  statsWindowSchema,
} from "../api-schemas/staff.ts";
import type { bulkResultSchema, internalNoteSchema } from "../api-schemas/staff-work.ts";

/**
 * Paths of the staff API and of the public progress and statistics answers: route patterns, which the server
 * registers as they are and the browser fills in with pathTo (api-paths.ts).
 */
export const STAFF_API_PREFIX = "/api/staff";

export const staffApiPaths = {
  session: "/api/staff/session",
  /** Administration (admins only, docs/decisions/017): categories. */
  adminCategories: "/api/staff/admin/categories",
  adminCategory: "/api/staff/admin/categories/:serviceCode",
  adminCategoryOrder: "/api/staff/admin/categories/order",
  /** …staff accounts, their one-time set-password links, API keys and the audit log. */
  adminAccounts: "/api/staff/admin/accounts",
  adminAccount: "/api/staff/admin/accounts/:id",
  adminAccountLink: "/api/staff/admin/accounts/:id/password-link",
  adminApiKeys: "/api/staff/admin/api-keys",
  adminApiKeyRevoke: "/api/staff/admin/api-keys/:id/revoke",
  adminAuditLog: "/api/staff/admin/audit-log",
  /** Service targets per category and priority (docs/decisions/030-service-targets-and-escalation.md). */
  adminServiceTargets: "/api/staff/admin/service-targets",
  /** The registry of water points (docs/decisions/036-water-points.md): list, add, import, edit, retire. */
  adminWaterPoints: "/api/staff/admin/water-points",
  adminWaterPointImport: "/api/staff/admin/water-points/import",
  adminWaterPoint: "/api/staff/admin/water-points/:code",
  adminWaterPointRetire: "/api/staff/admin/water-points/:code/retire",
  adminWaterPointUnretire: "/api/staff/admin/water-points/:code/unretire",
  /** Public: the holder of a new account sets a password through the one-time link. */
  passwordLink: "/api/staff/password-links/:token",
  grievances: "/api/staff/grievances",
  /** The console's map: markers of a visible area, hidden reports too (docs/decisions/016-map-and-location.md). */
  grievanceMap: "/api/staff/grievances/map",
  grievance: "/api/staff/grievances/:id",
  status: "/api/staff/grievances/:id/status",
  hide: "/api/staff/grievances/:id/hide",
  unhide: "/api/staff/grievances/:id/unhide",
  /** Staff triage: the report's priority, its due times following (docs/product-decisions.md D17). */
  priority: "/api/staff/grievances/:id/priority",
  /** Assigning a report to a team and person; internal notes (docs/decisions/032); bulk actions from the queue. */
  assignment: "/api/staff/grievances/:id/assignment",
  internalNotes: "/api/staff/grievances/:id/internal-notes",
  internalNotePhotos: "/api/staff/grievances/:id/internal-notes/with-photos",
  bulkAssignment: "/api/staff/grievances/bulk/assignment",
  bulkStatus: "/api/staff/grievances/bulk/status",
  /** Marks the report a duplicate of another (docs/decisions/033-duplicates-calls-and-templates.md). */
  duplicate: "/api/staff/grievances/:id/duplicate",
  /** Public notes' templates per status and language: offered to staff, kept by administrators (decision 033). */
  responseTemplates: "/api/staff/response-templates",
  adminResponseTemplates: "/api/staff/admin/response-templates",
  adminResponseTemplate: "/api/staff/admin/response-templates/:id",
  /** A message to the reporter by SMS; the place staff set on the map (docs/decisions/041-sms-for-staff.md). */
  smsToReporter: "/api/staff/grievances/:id/sms",
  location: "/api/staff/grievances/:id/location",
  /** Hides one update from the reporter (docs/decisions/015-reporter-actions.md). */
  hideUpdate: "/api/staff/grievances/:id/updates/:updateId/hide",
  /** Signed-in staff read every report's images here, hidden ones' too. */
  media: "/api/staff/media/grievance-images/:key",
  /** Technicians' one-time links to a report (docs/decisions/031-technician-links.md): send, list, revoke. */
  technicianLinks: "/api/staff/grievances/:id/technician-links",
  technicianLinkRevoke: "/api/staff/grievances/:id/technician-links/:linkId/revoke",
  /** The managers' view: open, overdue and within-target work per team. */
  teamWork: "/api/staff/team-work",
  /** Water incidents (decision 021): declare, update, close, link reports (with the bulk preview). */
  incidents: "/api/staff/incidents",
  incident: "/api/staff/incidents/:id",
  incidentUpdates: "/api/staff/incidents/:id/updates",
  incidentClose: "/api/staff/incidents/:id/close",
  incidentReports: "/api/staff/incidents/:id/reports",
  incidentCandidates: "/api/staff/incidents/:id/candidates",
  progress: "/api/grievances/:id/progress",
  stats: "/api/stats",
  /** Pinned reports of the charts' weeks per grid cell (docs/decisions/027-statistics-charts.md). */
  statsHotspots: "/api/stats/hotspots",
} as const;

/** A staff path as registered inside the plugin that holds STAFF_API_PREFIX: "/api/staff/session" → "/session". */
export function underStaffPrefix(path: string): string {
  if (!path.startsWith(`${STAFF_API_PREFIX}/`)) throw new Error(`${path} is not under ${STAFF_API_PREFIX}`);
  return path.slice(STAFF_API_PREFIX.length);
}

/** Answers of the console's API, derived from their response schemas (./api-schemas/staff.ts, progress.ts). */
export type StaffSession = z.output<typeof staffSessionSchema>;
/** A report in the staff queue: everything, contact details in full (docs/product-decisions.md D8). */
export type StaffGrievance = z.output<typeof staffGrievanceSchema>;
export type StaffQueueResponse = z.output<typeof staffQueueResponseSchema>;
/** A marker on the console's map: the public one, and whether the report is hidden from the public. */
export type StaffMapMarker = z.output<typeof staffMapMarkerSchema>;
/** GET /api/staff/grievances/map: like the public map's answer, hidden reports included and marked. */
export type StaffMapResponse = z.output<typeof staffMapResponseSchema>;
export type StaffEventKind = z.output<typeof staffEventKindSchema>;
export type StaffTimelineEvent = z.output<typeof staffTimelineEventSchema>;
export type StaffReporterUpdate = z.output<typeof staffReporterUpdateSchema>;
export type StaffGrievanceDetail = z.output<typeof staffGrievanceDetailSchema>;
/** Public progress timeline (GET /api/grievances/:id/progress): no staff identity, no moderation events. */
export type ProgressEntry = z.output<typeof progressEntrySchema>;
export type GrievanceProgress = z.output<typeof grievanceProgressSchema>;
export type StatsWindow = z.output<typeof statsWindowSchema>;
/** GET /api/stats (hidden reports are not counted). */
export type PublicStats = z.output<typeof publicStatsSchema>;
/** A note for staff only (docs/decisions/032-internal-notes-stay-inside.md). */
export type InternalNote = z.output<typeof internalNoteSchema>;
/** The answer of a bulk action: each report's result. */
export type BulkResult = z.output<typeof bulkResultSchema>;
