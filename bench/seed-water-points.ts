import type { Database } from "#server/db/database.ts";
import {
  CITY_CENTRE,
  CITY_HALF_SIDE_METRES,
  METRES_PER_DEGREE_LATITUDE,
  METRES_PER_DEGREE_LONGITUDE,
} from "./seed-places.ts";

/**
 * A national registry of water points (docs/decisions/036-water-points.md) for the map's box query: CITY_SHARE of the
 * points in the benchmark's city (20 × 20 km), the others spread evenly over a country of COUNTRY_HALF_SIDE_DEGREES
 * either side of it, as a utility's kiosks crowd its town and an NGO's boreholes dot the countryside.
 *
 * How many: BENCH_WATER_POINTS (e.g. 500000) at every size when set; else as many as the size's reports, at most
 * QUICK_MAX, so that the quick run stays quick.
 */
export const CITY_SHARE = 0.4;
export const COUNTRY_HALF_SIDE_DEGREES = 4;
const QUICK_MAX = 20_000;
const SLICE = 100_000;

export function waterPointsFor(reports: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.BENCH_WATER_POINTS?.replace(/_/g, "");
  if (asked !== undefined && asked !== "") {
    if (!/^\d+$/.test(asked)) throw new Error(`BENCH_WATER_POINTS: "${asked}" is not a whole number`);
    return Number(asked);
  }
  return Math.min(reports, QUICK_MAX);
}

/** Adds points until the registry holds `target`, its indexes built after the rows; answers the seconds it took. */
export async function growWaterPoints(db: Database, target: number): Promise<{ added: number; seconds: number }> {
  const started = performance.now();
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM water_points");
  const have = rows[0]?.n ?? 0;
  if (have >= target) return { added: 0, seconds: 0 };
  const cityLat = CITY_HALF_SIDE_METRES / METRES_PER_DEGREE_LATITUDE;
  const cityLon = CITY_HALF_SIDE_METRES / METRES_PER_DEGREE_LONGITUDE;
  await db.transaction(async (tx) => {
    const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'water_points'::regclass AND NOT x.indisprimary`,
    );
    for (const { name } of indexes) await tx.exec(`DROP INDEX "${name}"`);
    await tx.exec("SELECT setseed(0.36)");
    for (let from = have + 1; from <= target; from += SLICE) {
      const to = Math.min(target, from + SLICE - 1);
      // Each point: in the city (CITY_SHARE) or anywhere in the country; its kind and status drawn as WPDx's data has them.
      await tx.exec(`
        INSERT INTO water_points (code, name, latitude, longitude, water_source, water_tech, status_id, adm1, install_year)
        SELECT 'BW-' || lpad(i::text, 7, '0'), 'Water point ' || i,
               round((${CITY_CENTRE.latitude} + CASE WHEN c < ${CITY_SHARE} THEN (2 * a - 1) * ${cityLat}
                      ELSE (2 * a - 1) * ${COUNTRY_HALF_SIDE_DEGREES} END)::numeric, 6)::float8,
               round((${CITY_CENTRE.longitude} + CASE WHEN c < ${CITY_SHARE} THEN (2 * b - 1) * ${cityLon}
                      ELSE (2 * b - 1) * ${COUNTRY_HALF_SIDE_DEGREES} END)::numeric, 6)::float8,
               (ARRAY['Borehole', 'Protected Spring', 'Piped Water', 'Rainwater Harvesting'])[1 + floor(d * 4)::int],
               (ARRAY['Hand Pump', 'Tap', 'Motorized Pump', 'Kiosk'])[1 + floor(a * 4)::int],
               CASE WHEN d < 0.7 THEN 'yes' WHEN d < 0.9 THEN 'no' ELSE 'unknown' END,
               CASE WHEN c < ${CITY_SHARE} THEN 'City' ELSE 'Country' END, 1980 + floor(b * 45)::int
        FROM (SELECT i, random() AS a, random() AS b, random() AS c, random() AS d
              FROM generate_series(${from}, ${to}) AS i) AS draws`);
    }
    for (const { definition } of indexes) await tx.exec(definition);
  });
  await db.exec("VACUUM (ANALYZE) water_points");
  return { added: target - have, seconds: (performance.now() - started) / 1000 };
}
