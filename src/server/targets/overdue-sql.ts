/**
 * Overdue from the stored due times (docs/decisions/030-service-targets-and-escalation.md): a report is overdue while
 * it is open and past its next deadline — to acknowledge (a first status change or public note) while nobody has,
 * else to resolve. The queue's flag and filter, the "time left" order, the statistics and the escalation check all
 * read these two expressions, so they agree; grievances_time_left_idx (migration 031) is built on the first.
 */

/** A report's next deadline, for a `grievances` row aliased `alias`; null without due times. */
export function nextDueExpression(alias = "g"): string {
  return `least(CASE WHEN ${alias}.first_response_at IS NULL THEN ${alias}.due_acknowledge_at END, ${alias}.due_resolve_at)`;
}

/**
 * SQL boolean "open and past its next deadline" at `clock` (SQL: now() or a parameter). Null for an open report
 * without due times: wrap it in coalesce(…, false) to select or negate it; as it is, it reads the index's range.
 */
export function overdueExpression(alias = "g", clock = "now()"): string {
  return `(${alias}.status <> 'resolved' AND ${nextDueExpression(alias)} < ${clock})`;
}
