import { z } from "zod/mini";
import { PRIORITIES, STATUSES } from "../domain.ts";
import { grievanceImageSchema, publicGrievanceSchema } from "./grievances.ts";
import { incidentSummarySchema } from "./incidents.ts";

/** A report's public timeline (GET /api/grievances/:id/progress) and the reporter's private view (GET /api/track/:token). */

const status = z.enum(STATUSES);

/** One visible update from the reporter, as the public timeline and the tracking page show it. */
export const reporterUpdateViewSchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  images: z.array(grievanceImageSchema),
});

/**
 * No staff identity, no moderation events. A status change made by the reporter ("No, it is still a problem")
 * carries `byReporter: true` (docs/decisions/015-reporter-actions.md).
 */
export const progressEntrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("reported"), at: z.string() }),
  z.object({
    type: z.literal("status"),
    at: z.string(),
    from: status,
    to: status,
    note: z.nullable(z.string()),
    byReporter: z.optional(z.literal(true)),
  }),
  z.object({ type: z.literal("reporter-update"), ...reporterUpdateViewSchema.shape }),
  z.object({ type: z.literal("reporter-confirmed-fixed"), at: z.string() }),
]);

export const grievanceProgressSchema = z.object({
  id: z.string(),
  status,
  timeline: z.array(progressEntrySchema),
});

/** "Is it fixed?" on the tracking page. */
export const fixedQuestionSchema = z.object({
  /** The report is resolved and the reporter has not answered since it was last resolved. */
  open: z.boolean(),
  /** When the reporter said "Yes" since the last resolution; null otherwise. */
  confirmedAt: z.nullable(z.string()),
});

/** What the reporter sees of their own report: the only public-side answer with the contact details in full. */
export const trackedGrievanceSchema = z.object({
  grievance: publicGrievanceSchema,
  timeline: z.array(progressEntrySchema),
  updates: z.array(reporterUpdateViewSchema),
  fixedQuestion: fixedQuestionSchema,
  /** The water incident the report was linked to (decision 021), as on its public page; null when none. */
  incident: z.optional(z.nullable(incidentSummarySchema)),
});

/** The reporter's private link's token in the address; any other text is answered 404 by the handler. */
export const trackingTokenParamsSchema = z.object({ token: z.string() });

/** The one answer to a follow request, whether or not the address already follows. */
export const followAcceptedSchema = z.object({ message: z.string() });

/** The token of a link in an e-mail (confirm a follow, unsubscribe); any other text gets the "not valid" page. */
export const mailLinkTokenParamsSchema = z.object({ token: z.string() });

/**
 * The statistics' charts in GET /api/stats (docs/decisions/027-statistics-charts.md): the last twelve weeks, each
 * from Monday 00:00 UTC, the current one so far. A resolution is a report resolved now, counted in the week of its
 * latest change to resolved (a report reopened since is not); a reopening any change away from resolved; times to
 * resolution run from the report to its resolution.
 */
export const statsWeekSchema = z.object({
  /** The week's Monday, YYYY-MM-DD. */
  start: z.string(),
  received: z.number(),
  resolved: z.number(),
  reopened: z.number(),
  /** Seconds from report to resolution, over the week's resolutions; null without any. */
  medianResolutionSeconds: z.nullable(z.number()),
  p90ResolutionSeconds: z.nullable(z.number()),
});

/** Open reports of one priority by age against its target: within it, past it, past twice it. */
export const statsBacklogSchema = z.object({
  priority: z.enum(PRIORITIES),
  targetDays: z.number(),
  withinTarget: z.number(),
  overTarget: z.number(),
  overTwiceTarget: z.number(),
});

/** Of the reports resolved in the twelve weeks, how many within their priority's target. */
export const statsWithinTargetSchema = z.object({
  resolved: z.number(),
  withinTarget: z.number(),
});

/** One incident of the last twelve weeks: how long it lasted (so far, while active) and how soon it was declared. */
export const statsIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  declaredAt: z.string(),
  active: z.boolean(),
  durationHours: z.number(),
  /** Minutes from its first linked public report to its declaration; null when no report came before it. */
  minutesFromFirstReport: z.nullable(z.number()),
});

export const statsTrendsSchema = z.object({
  weeks: z.array(statsWeekSchema),
  /** Over every resolution of the twelve weeks; null without any. */
  medianResolutionSeconds: z.nullable(z.number()),
  p90ResolutionSeconds: z.nullable(z.number()),
  backlog: z.array(statsBacklogSchema),
  withinTargetByPriority: z.array(z.object({ priority: z.enum(PRIORITIES), ...statsWithinTargetSchema.shape })),
  /** By each category's current name, in the administrators' order. */
  withinTargetByCategory: z.array(z.object({ category: z.string(), ...statsWithinTargetSchema.shape })),
  /** The reporters' answers to "Is it fixed?" in the twelve weeks: "Yes", and "No, it is still a problem". */
  fixedAnswers: z.object({ yes: z.number(), no: z.number() }),
  /** Newest declared first, at most twenty. */
  incidents: z.array(statsIncidentSchema),
});

/** GET /api/stats/hotspots: pinned public reports of the twelve weeks, counted per grid cell (its south-west corner). */
export const statsHotspotsSchema = z.object({
  cellDegrees: z.number(),
  cells: z.array(z.object({ latitude: z.number(), longitude: z.number(), count: z.number() })),
});
