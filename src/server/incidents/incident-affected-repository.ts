import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { browserHashOf } from "../places/affected-repository.ts";

/**
 * "I am affected" by an active incident: once per browser, as "I have this problem too" is for a report
 * (docs/decisions/016-map-and-location.md). Only the SHA-256 of the browser's random id is kept; the count changes
 * in the same transaction as the row that justifies it.
 */
export type IncidentAffectedOutcome =
  { kind: "done"; affectedCount: number; alreadyCounted: boolean } | { kind: "not-found" } | { kind: "closed" };

export async function markIncidentAffected(
  db: Database,
  incidentId: string,
  browserId: string,
): Promise<IncidentAffectedOutcome> {
  if (!UUID_PATTERN.test(incidentId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    // Locked: a closure meanwhile waits, so a press never lands on an incident closed under it.
    const { rows } = await tx.query<{ closed: boolean; affected_count: number }>(
      "SELECT closed_at IS NOT NULL AS closed, affected_count FROM incidents WHERE id = $1 FOR UPDATE",
      [incidentId],
    );
    const incident = rows[0];
    if (!incident) return { kind: "not-found" };
    if (incident.closed) return { kind: "closed" };
    const inserted = await tx.query(
      `INSERT INTO incident_affected (incident_id, browser_hash) VALUES ($1, $2)
       ON CONFLICT (incident_id, browser_hash) DO NOTHING RETURNING 1`,
      [incidentId, browserHashOf(browserId)],
    );
    if (inserted.rows.length === 0)
      return { kind: "done", affectedCount: incident.affected_count, alreadyCounted: true };
    const updated = await tx.query<{ affected_count: number }>(
      "UPDATE incidents SET affected_count = affected_count + 1 WHERE id = $1 RETURNING affected_count",
      [incidentId],
    );
    return { kind: "done", affectedCount: updated.rows[0]!.affected_count, alreadyCounted: false };
  });
}
