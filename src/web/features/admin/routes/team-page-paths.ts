/**
 * The Teams and Routing rules pages (docs/decisions/029-teams-routing-and-assignment.md). Apart from lib/paths.ts,
 * whose table the public pages' first load carries: only the console's route table and the administration use these.
 */
export const teamPagePaths = {
  teams: "/staff/admin/teams",
  routingRules: "/staff/admin/routing-rules",
} as const;
