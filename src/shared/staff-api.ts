import type { GrievanceImage, GrievanceMapResponse, MapMarker, PublicGrievance } from "./api-types.ts";
import type { Category, Priority, Status } from "./domain.ts";
import type { StaffNotification } from "./follow.ts";

/** Paths of the staff API and of the public progress and statistics answers. */
export const staffApiPaths = {
  session: "/api/staff/session",
  grievances: "/api/staff/grievances",
  /** The console's map: markers of a visible area, hidden reports too (docs/decisions/016-map-and-location.md). */
  grievanceMap: "/api/staff/grievances/map",
  grievance: (id: string) => `/api/staff/grievances/${encodeURIComponent(id)}`,
  status: (id: string) => `/api/staff/grievances/${encodeURIComponent(id)}/status`,
  hide: (id: string) => `/api/staff/grievances/${encodeURIComponent(id)}/hide`,
  unhide: (id: string) => `/api/staff/grievances/${encodeURIComponent(id)}/unhide`,
  /** Hides one update from the reporter (docs/decisions/015-reporter-actions.md). */
  hideUpdate: (id: string, updateId: string) =>
    `/api/staff/grievances/${encodeURIComponent(id)}/updates/${encodeURIComponent(updateId)}/hide`,
  progress: (id: string) => `/api/grievances/${encodeURIComponent(id)}/progress`,
  stats: "/api/stats",
} as const;

/** GET/POST /api/staff/session */
export interface StaffSession {
  email: string;
  /** When this session ends if unused (idle timeout), ISO time. */
  idleExpiresAt: string;
  /** When this session ends regardless of use, ISO time. */
  expiresAt: string;
}

/** A report in the staff queue: everything, contact details in full (DESIGN.md D8). */
export interface StaffGrievance extends PublicGrievance {
  hidden: boolean;
  hidden_at: string | null;
  hidden_reason: string | null;
  /** Open (pending or in progress) longer than its priority's target. */
  overdue: boolean;
  /** Seconds since it was reported. */
  age_seconds: number;
  /** When the reporter answered "No, it is still a problem", until staff next change its status; else null. */
  reopened_by_reporter_at: string | null;
}

export interface StaffQueueResponse {
  items: StaffGrievance[];
  /** Capped like the public list's (DESIGN.md D12): the cap itself when `matchingCapped`. */
  matching: number;
  matchingCapped: boolean;
  total: number;
  page: number;
  pageSize: number;
}

/** A marker on the console's map: the public one, and whether the report is hidden from the public. */
export type StaffMapMarker = MapMarker & { hidden: boolean };

/** GET /api/staff/grievances/map: like the public map's answer, hidden reports included and marked. */
export interface StaffMapResponse extends Omit<GrievanceMapResponse, "markers"> {
  markers: StaffMapMarker[];
}

/** 'confirmed-fixed': the reporter answered "Yes" to "Is it fixed?" (docs/decisions/015-reporter-actions.md). */
export type StaffEventKind = "status" | "hidden" | "shown" | "confirmed-fixed";

/**
 * One recorded action. For 'status' `from`/`to` are set and `note` is the public note; for 'hidden'/'shown' `note`
 * is the reason. `actor` "reporter": the reporter's answer from their tracking page, without a staff account.
 */
export interface StaffTimelineEvent {
  id: string;
  kind: StaffEventKind;
  at: string;
  from: Status | null;
  to: Status | null;
  note: string | null;
  actor: "staff" | "reporter";
  /** The staff member who acted; null for the reporter's own answers. */
  staff_email: string | null;
}

/** An update from the reporter as staff see it: hidden ones too, with the moderation record. */
export interface StaffReporterUpdate {
  id: string;
  at: string;
  text: string;
  images: GrievanceImage[];
  hidden: boolean;
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by_email: string | null;
}

export interface StaffGrievanceDetail extends StaffGrievance {
  timeline: StaffTimelineEvent[];
  /** Updates from the reporter, oldest first. */
  reporterUpdates: StaffReporterUpdate[];
  /** The e-mail messages queued about this report, oldest first (issue 8, decision 014). */
  notifications: StaffNotification[];
}

/**
 * Public progress timeline (GET /api/grievances/:id/progress): no staff identity, no moderation events. A status
 * change made by the reporter ("No, it is still a problem") carries `byReporter: true`; the reporter's visible
 * updates and their "Yes, it is fixed" are entries of their own (docs/decisions/015-reporter-actions.md).
 */
export type ProgressEntry =
  | { type: "reported"; at: string }
  | { type: "status"; at: string; from: Status; to: Status; note: string | null; byReporter?: true }
  | { type: "reporter-update"; at: string; id: string; text: string; images: GrievanceImage[] }
  | { type: "reporter-confirmed-fixed"; at: string };

export interface GrievanceProgress {
  id: string;
  status: Status;
  timeline: ProgressEntry[];
}

/** Median durations over one look-back window; null when nothing happened in it. */
export interface StatsWindow {
  days: number;
  /** Median seconds from report to its first status change, over first changes made in the window. */
  medianFirstResponseSeconds: number | null;
  firstResponses: number;
  /** Median seconds from report to its (latest) resolution, over resolved reports resolved in the window. */
  medianResolutionSeconds: number | null;
  resolutions: number;
}

/** GET /api/stats (hidden reports are not counted). */
export interface PublicStats {
  generatedAt: string;
  total: number;
  byStatus: Record<Status, number>;
  byCategory: Record<Category, number>;
  windows: StatsWindow[];
  open: number;
  overdueOpen: number;
  /** overdueOpen / open, 0..1; null when nothing is open. */
  overdueShare: number | null;
  overdueTargetDays: Record<Priority, number>;
}
