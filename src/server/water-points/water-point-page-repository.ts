import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";
import type { WaterPointRow } from "./water-point-registry-repository.ts";

/**
 * The reads of a water point's page (docs/decisions/039-water-point-status.md): the point by its code, retired or
 * not (its page stays), and the public reports about it.
 */

/** A point as its page reads it: the registry's row without its bookkeeping. */
export type WaterPointPageRow = Omit<WaterPointRow, "updated_at">;

/** The point with this code, whatever its case, through water_points_code_idx (upper(code)). */
export async function findWaterPointPage(db: Queryable, code: string): Promise<WaterPointPageRow | undefined> {
  const { rows } = await db.query<WaterPointPageRow>(
    `SELECT id, code, name, latitude::float8 AS latitude, longitude::float8 AS longitude, water_source, water_tech,
       status_id, adm1, adm2, adm3, adm4, install_year, management, retired_at
     FROM water_points WHERE upper(code) = upper($1)`,
    [code],
  );
  return rows[0];
}

export interface WaterPointReportRow {
  id: string;
  reference: string;
  title: string;
  category: string;
  status: Status;
  created_at: Date;
  means_not_working: boolean;
}

/**
 * The point's public reports: how many are open, and the newest `limit` with the open ones first. Both read the
 * point's rows of grievances_water_point_idx only; a point has tens of reports, not thousands.
 */
export async function readWaterPointReports(
  db: Queryable,
  waterPointId: string,
  limit: number,
): Promise<{ open: number; reports: WaterPointReportRow[] }> {
  const [counted, listed] = await Promise.all([
    db.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM grievances
       WHERE water_point_id = $1 AND hidden_at IS NULL AND status <> 'resolved'`,
      [waterPointId],
    ),
    db.query<WaterPointReportRow>(
      `SELECT g.id, g.reference, g.title, g.category, g.status, g.created_at,
         coalesce(c.means_not_working, false) AS means_not_working
       FROM grievances g LEFT JOIN categories c ON c.key = g.category
       WHERE g.water_point_id = $1 AND g.hidden_at IS NULL
       ORDER BY g.status = 'resolved', g.created_at DESC, g.id DESC
       LIMIT $2`,
      [waterPointId, limit],
    ),
  ]);
  return { open: counted.rows[0]?.open ?? 0, reports: listed.rows };
}
