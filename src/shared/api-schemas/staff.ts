import { z } from "zod/mini";
import { PRIORITIES, STATUSES } from "../domain.ts";
import { idSchema } from "../ids.ts";
import { STAFF_MESSAGES } from "../staff/staff-messages.ts";
import { CHANNELS, STAFF_ROLES } from "../staff/staff-schemas.ts";
import {
  grievanceImageSchema,
  grievanceMapResponseSchema,
  mapMarkerSchema,
  publicGrievanceSchema,
} from "./grievances.ts";
import { incidentStatsSchema, incidentSummarySchema } from "./incidents.ts";
import { statsTrendsSchema } from "./progress.ts";
import { staffSmsConversationSchema } from "./staff-sms.ts";
import { internalNoteSchema } from "./staff-work.ts";

/** Answers of the staff console's API (under /api/staff) and of the public statistics. */

/** GET/POST /api/staff/session */
export const staffSessionSchema = z.object({
  email: z.string(),
  /** 'admin' also manages categories, accounts and API keys (docs/decisions/017). */
  role: z.enum(STAFF_ROLES),
  /** When this session ends if unused (idle timeout), ISO time. */
  idleExpiresAt: z.string(),
  /** When this session ends regardless of use, ISO time. */
  expiresAt: z.string(),
  /** Whether SMS is set up (SMS_GATEWAY): staff can then write to reporters by SMS (docs/decisions/041). */
  sms: z.boolean(),
});

/** A report in the staff queue: everything, contact details in full (docs/product-decisions.md D8). */
export const staffGrievanceSchema = z.extend(publicGrievanceSchema, {
  hidden: z.boolean(),
  hidden_at: z.nullable(z.string()),
  hidden_reason: z.nullable(z.string()),
  /** Open (pending or in progress) longer than its priority's target. */
  overdue: z.boolean(),
  /** Seconds since it was reported. */
  age_seconds: z.number(),
  /** When the reporter answered "No, it is still a problem", until staff next change its status; else null. */
  reopened_by_reporter_at: z.nullable(z.string()),
  /** Seconds its priority allows it to stay open (OVERDUE_TARGETS): `overdue` once an open report's age passes it. */
  target_seconds: z.number(),
  /** The water incident it is linked to (decision 021); null when none. */
  incident: z.nullable(incidentSummarySchema),
  /** Updates from the reporter, not hidden, since staff last acted on the report (its status or visibility). */
  new_reporter_updates: z.number(),
  /** The team responsible for it; null while it waits in "needs a team" (docs/decisions/029). */
  team: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** The staff member it is assigned to within its team, if any. */
  assignee: z.nullable(z.object({ id: z.string(), email: z.string() })),
  /** How it reached the utility. */
  channel: z.enum(CHANNELS),
  /** When it must be acknowledged (a first status change or public note) and resolved; null without a target. */
  dueAcknowledgeAt: z.nullable(z.string()),
  dueResolveAt: z.nullable(z.string()),
  /**
   * Its next deadline while open: to acknowledge while nobody has, else to resolve; `overdue` once it passes. Null
   * when resolved or without due times (docs/decisions/030-service-targets-and-escalation.md).
   */
  nextDueAt: z.nullable(z.string()),
});

export const staffQueueResponseSchema = z.object({
  items: z.array(staffGrievanceSchema),
  /** Capped like the public list's (docs/product-decisions.md D12): the cap itself when `matchingCapped`. */
  matching: z.number(),
  matchingCapped: z.boolean(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** A marker on the console's map: the public one, and whether the report is hidden from the public. */
export const staffMapMarkerSchema = z.extend(mapMarkerSchema, { hidden: z.boolean() });

export const staffMapResponseSchema = z.extend(grievanceMapResponseSchema, { markers: z.array(staffMapMarkerSchema) });

/** 'confirmed-fixed': the reporter answered "Yes" to "Is it fixed?" (docs/decisions/015-reporter-actions.md). */
export const staffEventKindSchema = z.enum([
  "status",
  "hidden",
  "shown",
  "confirmed-fixed",
  "assigned",
  "duplicate",
  "priority",
  "escalated",
  /** A technician's one-time link sent or revoked (docs/decisions/031-technician-links.md). */
  "technician-link",
  /** Staff placed the report on the map (docs/decisions/041-sms-for-staff.md): details `from` and `to`. */
  "location",
]);

/**
 * One recorded action. For 'status' `from`/`to` are set and `note` is the public note; for 'hidden'/'shown' `note`
 * is the reason. `actor` "reporter": the reporter's answer from their tracking page, without a staff account.
 */
export const staffTimelineEventSchema = z.object({
  id: z.string(),
  kind: staffEventKindSchema,
  at: z.string(),
  from: z.nullable(z.enum(STATUSES)),
  to: z.nullable(z.enum(STATUSES)),
  note: z.nullable(z.string()),
  /** "technician": through a one-time link, without an account; "system": the portal's routing and escalation. */
  actor: z.enum(["staff", "reporter", "technician", "system"]),
  /** The staff member who acted; null for the others. */
  staff_email: z.nullable(z.string()),
  /** What the kind carries beyond a note (migrations/027): the team and person assigned, the original, the target. */
  details: z.record(z.string(), z.unknown()),
});

/** An update from the reporter as staff see it: hidden ones too, with the moderation record. */
export const staffReporterUpdateSchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  images: z.array(grievanceImageSchema),
  hidden: z.boolean(),
  hidden_at: z.nullable(z.string()),
  hidden_reason: z.nullable(z.string()),
  hidden_by_email: z.nullable(z.string()),
});

/** One queued or sent message about a report (recipients in full: staff may see them). */
export const staffNotificationSchema = z.object({
  id: z.string(),
  /** To the resident ("receipt", "confirm", "update") or about the utility's work (migrations/028). */
  kind: z.enum(["receipt", "confirm", "update", "team-new-report", "assignment", "escalation", "technician-link"]),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  createdAt: z.string(),
  attempts: z.number(),
  sentAt: z.nullable(z.string()),
  /**
   * How a sent message left: handed to the SMTP server, or written to a file in DATA_DIR/mail because no mail
   * server is configured (nobody received it). Null until sent, and for messages sent before this was recorded.
   */
  sentVia: z.nullable(z.enum(["smtp", "file"])),
  failedAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});

export const staffGrievanceDetailSchema = z.extend(staffGrievanceSchema, {
  timeline: z.array(staffTimelineEventSchema),
  /** Updates from the reporter, oldest first. */
  reporterUpdates: z.array(staffReporterUpdateSchema),
  /** The e-mail messages queued about this report, oldest first (decision 014). */
  notifications: z.array(staffNotificationSchema),
  /** Notes for staff only, oldest first (docs/decisions/032-internal-notes-stay-inside.md). */
  internalNotes: z.array(internalNoteSchema),
  /** Its SMS in and out, oldest first, and the number's consent (docs/decisions/041-sms-for-staff.md). */
  sms: staffSmsConversationSchema,
});

/** Median durations over one look-back window; null when nothing happened in it. */
export const statsWindowSchema = z.object({
  days: z.number(),
  /** Median seconds from report to its first status change, over first changes made in the window. */
  medianFirstResponseSeconds: z.nullable(z.number()),
  firstResponses: z.number(),
  /** Median seconds from report to its (latest) resolution, over resolved reports resolved in the window. */
  medianResolutionSeconds: z.nullable(z.number()),
  resolutions: z.number(),
});

/** GET /api/stats (hidden reports are not counted). */
export const publicStatsSchema = z.object({
  generatedAt: z.string(),
  total: z.number(),
  byStatus: z.record(z.enum(STATUSES), z.number()),
  /** By each category's current name, in the administrators' order. */
  byCategory: z.record(z.string(), z.number()),
  windows: z.array(statsWindowSchema),
  open: z.number(),
  overdueOpen: z.number(),
  /** overdueOpen / open, 0..1; null when nothing is open. */
  overdueShare: z.nullable(z.number()),
  overdueTargetDays: z.record(z.enum(PRIORITIES), z.number()),
  /** Water incidents: how many, how long, how many reports each, how soon declared. */
  incidents: incidentStatsSchema,
  /** The charts: the last twelve weeks, the backlog against the targets, "Is it fixed?", incidents. */
  trends: statsTrendsSchema,
});

/** A report and one of its reporter's updates, in the address of the moderation route. */
export const reporterUpdateParamsSchema = z.object({
  id: idSchema(STAFF_MESSAGES.notFound),
  updateId: idSchema(STAFF_MESSAGES.updateNotFound),
});
