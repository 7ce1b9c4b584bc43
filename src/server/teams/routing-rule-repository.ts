import type { PolygonArea } from "#shared/teams/routing-schemas.ts";
import type { Queryable } from "../db/database.ts";

/** Routing rules (migrations/029, docs/decisions/029-teams-routing-and-assignment.md). */

export interface RoutingRuleRow {
  id: string;
  team_id: string;
  team_name: string;
  team_email: string;
  team_active: boolean;
  service_code: string | null;
  area: PolygonArea | null;
  created_at: Date;
}

/** Most specific first (category and area, category, area), then the oldest: the order the rules apply in. */
const APPLY_ORDER = `(r.service_code IS NOT NULL AND r.area IS NOT NULL) DESC, (r.service_code IS NOT NULL) DESC, r.seq`;
const RULE_SELECT = `
  SELECT r.id, r.team_id, t.name AS team_name, t.email AS team_email, t.active AS team_active, r.service_code, r.area,
         r.created_at
  FROM routing_rules r JOIN teams t ON t.id = r.team_id`;

/** Every rule, in the order they apply (a retired team's too, for the administrators' list). */
export async function listRoutingRules(db: Queryable): Promise<RoutingRuleRow[]> {
  return (await db.query<RoutingRuleRow>(`${RULE_SELECT} ORDER BY ${APPLY_ORDER}`)).rows;
}

/**
 * The rules that may route the new report, by its category, in the order they apply: the category's and the
 * category-free ones of active teams; area rules only when the report has a pin (its point is matched by the caller).
 */
export async function candidateRoutingRules(
  db: Queryable,
  grievanceId: string,
  pinned: boolean,
): Promise<RoutingRuleRow[]> {
  const { rows } = await db.query<RoutingRuleRow>(
    `${RULE_SELECT}
     WHERE t.active
       AND (r.service_code IS NULL OR r.service_code =
             (SELECT c.service_code FROM grievances g JOIN categories c ON c.key = g.category WHERE g.id = $1))
       AND (r.area IS NULL OR $2)
     ORDER BY ${APPLY_ORDER}`,
    [grievanceId, pinned],
  );
  return rows;
}

export async function findRoutingRule(db: Queryable, id: string): Promise<RoutingRuleRow | undefined> {
  return (await db.query<RoutingRuleRow>(`${RULE_SELECT} WHERE r.id = $1`, [id])).rows[0];
}

export async function insertRoutingRule(
  tx: Queryable,
  rule: { teamId: string; serviceCode: string | null; area: PolygonArea | null; createdBy: string | null },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    "INSERT INTO routing_rules (team_id, service_code, area, created_by) VALUES ($1, $2, $3, $4) RETURNING id",
    [rule.teamId, rule.serviceCode, rule.area === null ? null : JSON.stringify(rule.area), rule.createdBy],
  );
  return rows[0]!.id;
}

/** Deletes a rule; the row as it was, or undefined when there was none. */
export async function deleteRoutingRule(tx: Queryable, id: string): Promise<RoutingRuleRow | undefined> {
  const rule = await findRoutingRule(tx, id);
  if (rule) await tx.query("DELETE FROM routing_rules WHERE id = $1", [id]);
  return rule;
}

/** Whether a category with this service code exists. */
export async function serviceCodeExists(db: Queryable, serviceCode: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM categories WHERE service_code = $1", [serviceCode]);
  return rows.length > 0;
}

/** Sets a new report's team (in the transaction that stores it). */
export async function setReportTeam(tx: Queryable, grievanceId: string, teamId: string): Promise<void> {
  await tx.query("UPDATE grievances SET team_id = $2 WHERE id = $1", [grievanceId, teamId]);
}

/** The 'assigned' event of the portal's own routing, on the staff timeline. */
export async function recordRoutedEvent(
  tx: Queryable,
  grievanceId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO grievance_events (grievance_id, kind, actor, details) VALUES ($1, 'assigned', 'system', $2)`,
    [grievanceId, JSON.stringify(details)],
  );
}
