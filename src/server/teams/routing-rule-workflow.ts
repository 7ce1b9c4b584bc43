import { ROUTING_MESSAGES, type NewRoutingRule, type RoutingRuleView } from "#shared/teams/routing-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import {
  deleteRoutingRule,
  findRoutingRule,
  insertRoutingRule,
  listRoutingRules,
  serviceCodeExists,
  type RoutingRuleRow,
} from "./routing-rule-repository.ts";
import { specificityOf } from "./report-routing.ts";
import { lockTeam } from "./team-repository.ts";

/**
 * Administrators' routing rules (docs/decisions/029-teams-routing-and-assignment.md); each change is recorded in
 * the audit log in its own transaction. Rules are made and deleted, never edited: a changed rule would change which
 * is "the oldest" among equals behind the administrators' backs.
 */

const toView = (row: RoutingRuleRow): RoutingRuleView => ({
  id: row.id,
  team: { id: row.team_id, name: row.team_name, active: row.team_active },
  serviceCode: row.service_code,
  area: row.area,
  specificity: specificityOf(row),
  createdAt: row.created_at.toISOString(),
});

/** What the audit log keeps of a rule: enough to tell it apart, not the whole outline. */
const auditDetails = (row: RoutingRuleRow) => ({
  id: row.id,
  serviceCode: row.service_code,
  areaPositions: row.area ? row.area.coordinates.flat().length : null,
  specificity: specificityOf(row),
});

export async function routingRuleList(db: Queryable): Promise<RoutingRuleView[]> {
  return (await listRoutingRules(db)).map(toView);
}

export async function createRoutingRule(
  db: Database,
  actor: AuditActor,
  rule: NewRoutingRule,
): Promise<RoutingRuleView> {
  return db.transaction(async (tx) => {
    // Locked: a team retired at this moment gets no new rule.
    const team = await lockTeam(tx, rule.teamId);
    if (!team) throw new HttpError(400, ROUTING_MESSAGES.teamRequired);
    if (!team.active) throw new HttpError(400, ROUTING_MESSAGES.teamRetired);
    if (rule.serviceCode !== null && !(await serviceCodeExists(tx, rule.serviceCode))) {
      throw new HttpError(400, ROUTING_MESSAGES.categoryUnknown);
    }
    const id = await insertRoutingRule(tx, {
      teamId: team.id,
      serviceCode: rule.serviceCode,
      area: rule.area,
      createdBy: actor === "command line" ? null : actor.id,
    });
    const row = (await findRoutingRule(tx, id))!;
    await recordAudit(tx, actor, { action: "routing_rule.create", target: team.name, details: auditDetails(row) });
    return toView(row);
  });
}

export async function removeRoutingRule(db: Database, actor: AuditActor, id: string): Promise<RoutingRuleView> {
  return db.transaction(async (tx) => {
    const row = await deleteRoutingRule(tx, id);
    if (!row) throw new HttpError(404, ROUTING_MESSAGES.notFound);
    await recordAudit(tx, actor, { action: "routing_rule.delete", target: row.team_name, details: auditDetails(row) });
    return toView(row);
  });
}
