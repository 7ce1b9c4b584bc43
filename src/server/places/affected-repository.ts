import { createHash } from "node:crypto";
import type { AffectedResponse } from "#shared/api-types.ts";
import type { Status } from "#shared/domain.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { peopleAffected } from "../grievances/public-grievance.ts";

/**
 * "I have this problem too" (docs/decisions/016-map-and-location.md): one per browser and report. Only the SHA-256
 * of the browser's random id is kept; the count on the report changes in the same transaction as the row that
 * justifies it, so the two never disagree.
 */
export type AffectedOutcome = ({ kind: "done" } & AffectedResponse) | { kind: "not-found" } | { kind: "resolved" };

export const browserHashOf = (browserId: string): Buffer => createHash("sha256").update(browserId, "utf8").digest();

export async function markAffected(db: Database, grievanceId: string, browserId: string): Promise<AffectedOutcome> {
  // A malformed id cannot exist; asking PostgreSQL would only make it raise a cast error.
  if (!UUID_PATTERN.test(grievanceId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    // Locked: a staff member resolving it meanwhile waits, so a press never lands on a report resolved under it.
    const { rows } = await tx.query<{ status: Status; affected_count: number }>(
      "SELECT status, affected_count FROM grievances WHERE id = $1 AND hidden_at IS NULL FOR UPDATE",
      [grievanceId],
    );
    const report = rows[0];
    if (!report) return { kind: "not-found" };
    if (report.status === "resolved") return { kind: "resolved" };
    const inserted = await tx.query(
      `INSERT INTO grievance_affected (grievance_id, browser_hash) VALUES ($1, $2)
       ON CONFLICT (grievance_id, browser_hash) DO NOTHING RETURNING 1`,
      [grievanceId, browserHashOf(browserId)],
    );
    if (inserted.rows.length === 0)
      return { kind: "done", counted: false, affected: peopleAffected(report.affected_count) };
    const updated = await tx.query<{ affected_count: number }>(
      "UPDATE grievances SET affected_count = affected_count + 1 WHERE id = $1 RETURNING affected_count",
      [grievanceId],
    );
    return {
      kind: "done",
      counted: true,
      affected: peopleAffected(updated.rows[0]?.affected_count ?? report.affected_count + 1),
    };
  });
}
