import { CATEGORIES, PRIORITIES, STATUSES } from "../src/shared/domain.ts";
import type { Database } from "../src/server/db/database.ts";

const sqlList = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(", ")}]`;

/**
 * Inserts `count` varied grievances in SQL (fast even for hundreds of thousands), spread over two years, with
 * words that make searches match a realistic share of rows.
 */
export async function seedGrievances(db: Database, count: number): Promise<void> {
  const batch = 50_000;
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    await db.query(
      `INSERT INTO grievances (title, description, location, category, priority, status, created_at)
       SELECT
         (ARRAY['Leaking pipe', 'Brown water', 'Blocked drain', 'No water supply', 'Broken tap', 'Overflowing sewer',
                'Dry borehole', 'Smelly water'])[1 + (g % 8)] || ' ' || g,
         'Reported by a resident: ' || (ARRAY['the pipe burst near the school', 'water tastes of metal',
                'the drain has been blocked for weeks', 'no water since Monday', 'the borehole ' || (g % 1000) || ' is dry'])[1 + (g % 5)],
         CASE WHEN g % 3 = 0 THEN NULL ELSE 'Ward ' || (g % 40) END,
         (${sqlList(CATEGORIES)})[1 + (g % ${CATEGORIES.length})],
         (${sqlList(PRIORITIES)})[1 + ((g / 7) % ${PRIORITIES.length})],
         (${sqlList(STATUSES)})[1 + ((g / 3) % ${STATUSES.length})],
         now() - ((g * 5) % (730 * 24 * 60)) * interval '1 minute'
       FROM generate_series($1::int, $2::int) AS g`,
      [start + 1, start + n],
    );
  }
  await db.query("ANALYZE grievances");
}
