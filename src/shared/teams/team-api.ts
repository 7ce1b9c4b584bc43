/**
 * Paths of the teams and routing rules (docs/decisions/029-teams-routing-and-assignment.md): route patterns, which
 * the server registers as they are and the browser fills in with pathTo (api-paths.ts). Reading the teams is open to
 * every signed-in member of staff (assignment forms list them); every change is for administrators.
 */
export const teamApiPaths = {
  teams: "/api/staff/teams",
  team: "/api/staff/teams/:id",
  teamMembers: "/api/staff/teams/:id/members",
  teamMember: "/api/staff/teams/:id/members/:staffId",
  routingRules: "/api/staff/routing-rules",
  routingRule: "/api/staff/routing-rules/:id",
} as const;
