import { z } from "zod/mini";

/**
 * The managers' view (GET /api/staff/team-work): each team's open work, overdue work and the share of its resolved
 * reports handled within target. "Within target": resolved no later than its due time (grievances.due_resolve_at,
 * set from the service targets when the report was made).
 */

/** The windows the resolved work is counted over, in days. */
export const TEAM_WORK_WINDOWS = [7, 30, 90] as const;

export const teamWorkRowSchema = z.object({
  /** The team, or null for the reports that have none ("Needs a team"). */
  team: z.nullable(z.object({ id: z.string(), name: z.string(), kind: z.string(), active: z.boolean() })),
  /** Reports not resolved. */
  open: z.number(),
  /** Open reports past their due time to resolve, or not yet answered past their due time to acknowledge. */
  overdue: z.number(),
  /** Reports resolved in the window, and those of them that had a due time, and those resolved by it. */
  resolved: z.number(),
  resolvedWithTarget: z.number(),
  withinTarget: z.number(),
  /** withinTarget / resolvedWithTarget, 0 to 1; null when none of the window's resolved reports had a target. */
  withinTargetShare: z.nullable(z.number()),
});

export const teamWorkSchema = z.object({
  days: z.number(),
  /** When the figures were counted: the portal's clock. */
  at: z.string(),
  /** Active teams, and retired ones that still have work, by name; then the reports without a team. */
  teams: z.array(teamWorkRowSchema),
});

/** `days`: the window for the resolved work, 30 unless given. */
export const teamWorkQuerySchema = z.object({ days: z.optional(z.enum(["7", "30", "90"])) });

export type TeamWorkRow = z.output<typeof teamWorkRowSchema>;
export type TeamWork = z.output<typeof teamWorkSchema>;
