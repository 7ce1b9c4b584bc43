import type { Queryable } from "../db/database.ts";
import { COLUMNS } from "../grievances/grievance-filter-repository.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";

/**
 * The visible report whose tracking token has this SHA-256 (grievances_tracking_token_hash_idx). Hidden reports are
 * not found: to their reporter as to everyone, a hidden report is gone (docs/product-decisions.md D11, moderation).
 */
export async function findByTrackingTokenHash(db: Queryable, tokenHash: Uint8Array): Promise<GrievanceRow | undefined> {
  const { rows } = await db.query<GrievanceRow>(
    `SELECT ${COLUMNS} FROM grievances WHERE tracking_token_hash = $1 AND hidden_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}
