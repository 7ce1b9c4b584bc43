import type { QueueView } from "#shared/staff/staff-schemas.ts";

/**
 * The queue's views of the signed-in staff member's work (docs/decisions/029-teams-routing-and-assignment.md), open
 * reports only, each the range of one of migrations/027's partial indexes: "mine" grievances_assignee_open_idx,
 * "my teams" grievances_team_open_idx (one range per team the viewer is in), "needs a team"
 * grievances_needs_team_idx. The conditions repeat the indexes' predicates (`status <> 'resolved'`) word for word,
 * so the planner can prove they apply.
 */
export function viewConditions(view: QueueView, viewer: string | undefined, params: unknown[]): string[] {
  const open = "g.status <> 'resolved'";
  if (view === "needs-team") return [open, "g.team_id IS NULL"];
  // Without a viewer (no one signed in, which the routes never allow) "mine" and "my teams" are empty.
  if (!viewer) return ["false"];
  params.push(viewer);
  const me = `$${params.length}::uuid`;
  if (view === "mine") return [open, `g.assignee_id = ${me}`];
  return [open, `g.team_id IN (SELECT m.team_id FROM team_members m WHERE m.staff_id = ${me})`];
}

/**
 * A view holds open reports only, so the queue's orders need not put open before resolved: without that first key,
 * its order is the partial index's own and a page is read from it rather than sorted.
 */
export const orderWithinView = (order: string): string => order.replace("(g.status = 'resolved'), ", "");
