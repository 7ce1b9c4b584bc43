import type { OverdueTargets } from "./overdue-targets.ts";

/**
 * SQL boolean "open and older than its priority's target", for a `grievances` row aliased `alias`.
 * Pushes the four targets (days) onto `params`; computed in SQL so filters, counts and paging agree.
 */
export function overdueExpression(targets: OverdueTargets, params: unknown[], alias = "g"): string {
  params.push(targets.urgent, targets.high, targets.medium, targets.low);
  const n = params.length;
  return `(${alias}.status <> 'resolved' AND ${alias}.created_at < now() - (CASE ${alias}.priority
    WHEN 'urgent' THEN $${n - 3}::float8 WHEN 'high' THEN $${n - 2}::float8
    WHEN 'medium' THEN $${n - 1}::float8 ELSE $${n}::float8 END) * interval '1 day')`;
}
