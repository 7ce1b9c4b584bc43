import type { LatLng } from "#shared/places/geo.ts";
import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import type { Queryable } from "../db/database.ts";
import { waterPointStatusSql } from "./water-point-status-repository.ts";

/**
 * The reads that attach a report to its water point (docs/decisions/040-reporting-against-water-points.md): a point
 * in service by the code residents type, the points nearest a pin for the form, and a report's point.
 */

/** A point in service as a report names it. */
export interface ReportWaterPoint {
  id: string;
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  water_source: string | null;
  water_tech: string | null;
  status_id: "yes" | "no" | "unknown";
}

const SELECT = `SELECT id, code, name, latitude::float8 AS latitude, longitude::float8 AS longitude, water_source,
  water_tech, status_id FROM water_points`;

/**
 * The point in service with this code, whatever its case, through water_points_code_idx (upper(code)); a retired
 * point is no longer reported against. `db` may be the submit's transaction.
 */
export async function findWaterPointByCode(db: Queryable, code: string): Promise<ReportWaterPoint | undefined> {
  const { rows } = await db.query<ReportWaterPoint>(`${SELECT} WHERE upper(code) = upper($1) AND retired_at IS NULL`, [
    code,
  ]);
  return rows[0];
}

/**
 * The points in service nearest the pin, nearest first by the GiST index's own distance (water_points_position_idx,
 * whose predicate `retired_at IS NULL` the query repeats so that PostgreSQL uses it); the caller measures in metres.
 */
export async function nearestWaterPoints(
  db: Queryable,
  pin: LatLng,
  limit: number,
): Promise<(ReportWaterPoint & { status: WaterPointStatus })[]> {
  const { rows } = await db.query<ReportWaterPoint & { status: WaterPointStatus }>(
    `SELECT wp.id, wp.code, wp.name, wp.latitude::float8 AS latitude, wp.longitude::float8 AS longitude,
       wp.water_source, wp.water_tech, wp.status_id, ${waterPointStatusSql("wp")} AS status
     FROM water_points wp WHERE wp.retired_at IS NULL
     ORDER BY wp.position <-> point($1::float8, $2::float8) LIMIT $3`,
    [pin.longitude, pin.latitude, limit],
  );
  return rows;
}

/** The code and name of a report's point (retired or not: the report keeps it), if it has one. */
export async function waterPointOfReport(
  db: Queryable,
  grievanceId: string,
): Promise<{ code: string; name: string } | undefined> {
  const { rows } = await db.query<{ code: string; name: string }>(
    `SELECT w.code, w.name FROM grievances g JOIN water_points w ON w.id = g.water_point_id WHERE g.id = $1`,
    [grievanceId],
  );
  return rows[0];
}
