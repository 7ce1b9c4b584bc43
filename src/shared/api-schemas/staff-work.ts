import { z } from "zod/mini";
import { grievanceImageSchema } from "./grievances.ts";

/** Answers of the staff's work on reports: internal notes and bulk actions (docs/decisions/032). */

/**
 * An internal note (docs/decisions/032-internal-notes-stay-inside.md): for staff only, never in any public answer.
 * Its photos are served only under the staff image prefix.
 */
export const internalNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  images: z.array(grievanceImageSchema),
  /**
   * Who wrote it: a staff member (`email` null when their account was since deleted) or a technician sent to the
   * job through a one-time link (their e-mail address).
   */
  author: z.object({ kind: z.enum(["staff", "technician"]), email: z.nullable(z.string()) }),
});

/** What one report of a bulk action came to: changed, or refused and why (the message a single change would give). */
export const bulkItemResultSchema = z.object({
  id: z.string(),
  /** The report's reference when it exists. */
  reference: z.nullable(z.string()),
  ok: z.boolean(),
  /** Why it was refused (translated), or null when it succeeded. */
  message: z.nullable(z.string()),
});

/** bulkAssignGrievances, bulkChangeGrievanceStatus: each report's result, in the order asked, and the counts. */
export const bulkResultSchema = z.object({
  results: z.array(bulkItemResultSchema),
  succeeded: z.number(),
  failed: z.number(),
});
