import type { Queryable } from "../db/database.ts";
import { nextDueExpression } from "./overdue-sql.ts";

/**
 * The escalation check's statements (docs/decisions/030-service-targets-and-escalation.md), each in the check's one
 * transaction: claim the missed targets, then find whom to tell and record the event.
 */

export type MissedTarget = "acknowledge" | "resolve";

export interface ClaimedMiss {
  grievance_id: string;
  target: MissedTarget;
  due_at: Date;
  reference: string;
  title: string;
  team_id: string | null;
  team_name: string | null;
  team_email: string | null;
  supervisor_email: string | null;
}

/**
 * Records up to `limit` missed targets of open, visible reports at `now` in `escalations` and answers those this
 * transaction recorded. The candidates are the range "next deadline ≤ now" of grievances_time_left_idx; the key
 * (grievance_id, target) with ON CONFLICT DO NOTHING makes a second check, on this instance or another, wait for the
 * first's transaction and then skip what it recorded: each missed target is answered once, ever.
 */
export async function claimMissedTargets(tx: Queryable, now: Date, limit: number): Promise<ClaimedMiss[]> {
  const { rows } = await tx.query<ClaimedMiss>(
    `WITH missed AS (
       SELECT g.id, x.target, x.due_at
       FROM grievances g
       CROSS JOIN LATERAL (VALUES ('acknowledge', CASE WHEN g.first_response_at IS NULL THEN g.due_acknowledge_at END),
                                  ('resolve', g.due_resolve_at)) x (target, due_at)
       WHERE g.status <> 'resolved' AND ${nextDueExpression()} <= $1 AND g.hidden_at IS NULL AND x.due_at <= $1
         AND NOT EXISTS (SELECT 1 FROM escalations e WHERE e.grievance_id = g.id AND e.target = x.target)
       -- The index's own order: the range is walked and stops at the LIMIT, rather than every overdue report sorted.
       ORDER BY ${nextDueExpression()}, g.id
       LIMIT $2),
     claimed AS (
       INSERT INTO escalations (grievance_id, target, due_at, escalated_at)
       SELECT id, target, due_at, $1 FROM missed
       ON CONFLICT (grievance_id, target) DO NOTHING
       RETURNING grievance_id, target, due_at)
     SELECT c.grievance_id, c.target, c.due_at, g.reference, g.title, g.team_id, t.name AS team_name,
            t.email AS team_email, s.email AS supervisor_email
     FROM claimed c
     JOIN grievances g ON g.id = c.grievance_id
     LEFT JOIN teams t ON t.id = g.team_id
     LEFT JOIN staff_accounts s ON s.id = t.supervisor_id AND s.disabled_at IS NULL
     ORDER BY c.due_at`,
    [now.toISOString(), limit],
  );
  return rows;
}

/** The active administrators' addresses: whom a report without a team is escalated to. */
export async function administratorEmails(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(
    "SELECT email FROM staff_accounts WHERE role = 'admin' AND disabled_at IS NULL ORDER BY email",
  );
  return rows.map((r) => r.email);
}

/** The staff timeline's record: by the portal itself, with the target and its due time. */
export async function recordEscalationEvent(
  tx: Queryable,
  miss: Pick<ClaimedMiss, "grievance_id" | "target" | "due_at">,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO grievance_events (grievance_id, kind, at, actor, details)
     VALUES ($1, 'escalated', $2, 'system', $3)`,
    [
      miss.grievance_id,
      now.toISOString(),
      JSON.stringify({ target: miss.target, dueAt: new Date(miss.due_at).toISOString() }),
    ],
  );
}
