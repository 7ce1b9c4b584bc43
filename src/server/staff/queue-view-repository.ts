import type { QueueView } from "#shared/staff/staff-schemas.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The queue's views of the signed-in staff member's work (docs/decisions/029-teams-routing-and-assignment.md), open
 * reports only, each the range of one of migrations/027's partial indexes: "mine" grievances_assignee_open_idx,
 * "my teams" grievances_team_open_idx (one range per team the viewer is in), "needs a team"
 * grievances_needs_team_idx. The conditions repeat the indexes' predicates (`status <> 'resolved'`) word for word,
 * so the planner can prove they apply.
 */

/** Who a view is about: the signed-in staff member and, for "my teams", the teams they are a member of. */
export interface QueueViewer {
  viewer?: string;
  viewerTeams?: string[];
}

/**
 * The viewer, with their teams read first for "my teams": given as values, the teams make the view one range of
 * grievances_team_open_idx per team. A subquery instead leaves the planner guessing, and it walked the whole queue
 * in age order filtering for the teams (28,000 rows for a page at 300,000 reports, most of them old and resolved).
 */
export async function queueViewerOf(db: Queryable, staffId: string, view: QueueView | undefined): Promise<QueueViewer> {
  if (view !== "my-teams") return { viewer: staffId };
  const { rows } = await db.query<{ team_id: string }>("SELECT team_id FROM team_members WHERE staff_id = $1", [
    staffId,
  ]);
  return { viewer: staffId, viewerTeams: rows.map((row) => row.team_id) };
}

export function viewConditions(view: QueueView, who: QueueViewer, params: unknown[]): string[] {
  const open = "g.status <> 'resolved'";
  if (view === "needs-team") return [open, "g.team_id IS NULL"];
  // Sent by SMS without a usable place: grievances_needs_place_idx (migrations/039), its predicate word for word.
  if (view === "needs-place") return [open, "g.channel = 'sms'", "g.latitude IS NULL"];
  // Without a viewer (no one signed in, which the routes never allow) or a team, "mine" and "my teams" are empty.
  if (view === "mine") {
    if (!who.viewer) return ["false"];
    params.push(who.viewer);
    return [open, `g.assignee_id = $${params.length}::uuid`];
  }
  const teams = who.viewerTeams ?? [];
  if (teams.length === 0) return ["false"];
  params.push(teams.length === 1 ? teams[0] : teams);
  return [
    open,
    teams.length === 1 ? `g.team_id = $${params.length}::uuid` : `g.team_id = ANY($${params.length}::uuid[])`,
  ];
}

/**
 * A view holds open reports only, so the queue's orders need not put open before resolved: without that first key,
 * its order is the partial index's own and a page is read from it rather than sorted.
 */
export const orderWithinView = (order: string): string => order.replace("(g.status = 'resolved'), ", "");
