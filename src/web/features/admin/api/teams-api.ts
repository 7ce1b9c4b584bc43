import { pathTo } from "#shared/api-paths.ts";
import type { NewRoutingRule, RoutingRuleList, RoutingRuleView } from "#shared/teams/routing-schemas.ts";
import { teamApiPaths } from "#shared/teams/team-api.ts";
import type { NewTeam, TeamChange, TeamList, TeamView } from "#shared/teams/team-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Teams and routing rules (docs/decisions/029-teams-routing-and-assignment.md): the administrators' requests. */
function send<T>(path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown): Promise<T> {
  return apiFetch<T>(path, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}

export const getTeams = (signal?: AbortSignal) => apiFetch<TeamList>(teamApiPaths.teams, { signal });
export const createTeam = (team: NewTeam) => send<TeamView>(teamApiPaths.teams, "POST", team);
export const changeTeam = (id: string, change: TeamChange) =>
  send<TeamView>(pathTo(teamApiPaths.team, { id }), "PATCH", change);
export const addTeamMember = (id: string, staffAccountId: string) =>
  send<TeamView>(pathTo(teamApiPaths.teamMembers, { id }), "POST", { staffAccountId });
export const removeTeamMember = (id: string, staffId: string) =>
  send<TeamView>(pathTo(teamApiPaths.teamMember, { id, staffId }), "DELETE");

export const getRoutingRules = (signal?: AbortSignal) =>
  apiFetch<RoutingRuleList>(teamApiPaths.routingRules, { signal });
export const createRoutingRule = (rule: NewRoutingRule) =>
  send<RoutingRuleView>(teamApiPaths.routingRules, "POST", rule);
export const deleteRoutingRule = (id: string) =>
  send<RoutingRuleView>(pathTo(teamApiPaths.routingRule, { id }), "DELETE");
