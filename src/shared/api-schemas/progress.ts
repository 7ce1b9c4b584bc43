import { z } from "zod/mini";
import { STATUSES } from "../domain.ts";
import { grievanceImageSchema, publicGrievanceSchema } from "./grievances.ts";

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
});

/** The reporter's private link's token in the address; any other text is answered 404 by the handler. */
export const trackingTokenParamsSchema = z.object({ token: z.string() });

/** The one answer to a follow request, whether or not the address already follows. */
export const followAcceptedSchema = z.object({ message: z.string() });

/** The token of a link in an e-mail (confirm a follow, unsubscribe); any other text gets the "not valid" page. */
export const mailLinkTokenParamsSchema = z.object({ token: z.string() });
