import type { Database } from "#server/db/database.ts";

/** What the report-water-points-*.test.ts files share: water points put straight into the registry. */

export interface PointSeed {
  code: string;
  name?: string;
  latitude: number;
  longitude: number;
  statusId?: "yes" | "no" | "unknown";
  retired?: boolean;
}

export async function seedWaterPoint(db: Database, seed: PointSeed): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO water_points (code, name, latitude, longitude, status_id, water_source, water_tech, retired_at)
     VALUES ($1, $2, $3, $4, $5, 'Borehole', 'Hand Pump', CASE WHEN $6 THEN now() END) RETURNING id`,
    [
      seed.code,
      seed.name ?? `Point ${seed.code}`,
      seed.latitude,
      seed.longitude,
      seed.statusId ?? "yes",
      seed.retired ?? false,
    ],
  );
  return rows[0]!.id;
}

/** The stored point and pin of the report with this reference. */
export async function storedReport(db: Database, reference: string) {
  const { rows } = await db.query<{
    code: string | null;
    latitude: number | null;
    longitude: number | null;
    location: string | null;
  }>(
    `SELECT w.code, g.latitude::float8 AS latitude, g.longitude::float8 AS longitude, g.location
     FROM grievances g LEFT JOIN water_points w ON w.id = g.water_point_id WHERE g.reference = $1`,
    [reference],
  );
  return rows[0];
}

export const KIOSK = { code: "WP-0412", name: "Market kiosk", latitude: -1.2921, longitude: 36.8219 };
/** About 150 m north of the kiosk. */
export const PUMP = { code: "WP-0413", name: "School hand pump", latitude: -1.29075, longitude: 36.8219 };
/** About 1.1 km north: still offered. */
export const FAR = { code: "wp-0999", name: "Hill borehole", latitude: -1.2822, longitude: 36.8219 };
/** About 5.6 km north: too far to offer. */
export const TOO_FAR = { code: "WP-5000", name: "Town hydrant", latitude: -1.2421, longitude: 36.8219 };
/** Retired: no longer on the map or the form. */
export const RETIRED = { code: "WP-0400", name: "Old standpipe", latitude: -1.2925, longitude: 36.8219, retired: true };
