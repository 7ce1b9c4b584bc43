import { consoleReportPagePath } from "#shared/page-paths.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { isInsideArea } from "#shared/places/service-area.ts";
import type { RoutingSpecificity } from "#shared/teams/routing-schemas.ts";
import type { Queryable } from "../db/database.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";
import {
  candidateRoutingRules,
  recordRoutedEvent,
  setReportTeam,
  type RoutingRuleRow,
} from "./routing-rule-repository.ts";
import { notifyTeamInbox } from "./team-new-report-message.ts";

export const specificityOf = (rule: Pick<RoutingRuleRow, "service_code" | "area">): RoutingSpecificity =>
  rule.service_code !== null ? (rule.area !== null ? "category-and-area" : "category") : "area";

/**
 * The rule that routes a report: the first of `rules` (already in the order they apply) whose area, if it has one,
 * holds the pin. A report without a pin matches only rules without an area.
 */
export function firstMatchingRule(rules: readonly RoutingRuleRow[], pin: LatLng | null): RoutingRuleRow | undefined {
  return rules.find((rule) => rule.area === null || (pin !== null && isInsideArea(rule.area, pin)));
}

/**
 * A step of every new report (report-created.ts), in the transaction that stores it: the team of the most specific
 * routing rule it matches, the 'assigned' event by the portal on the staff timeline, and the team's inbox told
 * through the outbox (docs/decisions/029-teams-routing-and-assignment.md). A report matching no rule keeps no team:
 * it waits in the "needs a team" view.
 */
export async function routeNewReport(
  tx: Queryable,
  row: GrievanceRow,
  context: { mailLinkBase: string },
): Promise<GrievanceRow> {
  const pin =
    row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  const rule = firstMatchingRule(await candidateRoutingRules(tx, row.id, pin !== null), pin);
  if (!rule) return row;
  const team = { id: rule.team_id, name: rule.team_name, email: rule.team_email };
  await setReportTeam(tx, row.id, team.id);
  await recordRoutedEvent(tx, row.id, {
    team: { id: team.id, name: team.name },
    assignee: null,
    rule: { id: rule.id, serviceCode: rule.service_code, area: rule.area !== null, specificity: specificityOf(rule) },
  });
  await notifyTeamInbox(
    tx,
    {
      grievanceId: row.id,
      reference: row.reference,
      title: row.title,
      category: row.category,
      location: row.location,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    team,
    `${context.mailLinkBase}${consoleReportPagePath(row.id)}`,
  );
  return row;
}
