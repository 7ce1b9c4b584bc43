import type { Queryable } from "#server/db/database.ts";
import { boxAt, CITY_BOX, NEIGHBOURHOODS } from "./seed-places.ts";
import { SEARCH_TERMS } from "./seed-text.ts";

export class SeedError extends Error {}

/**
 * The list's counts come from grievance_tallies, not from the rows (migrations/004): after a bulk load that
 * bypassed the trigger, the public rows counted per category, priority and status (and so per status and per
 * category) must equal the tallies, or every "Showing X of Y" the benchmark measures would be wrong.
 */
export async function checkTallies(db: Queryable): Promise<number> {
  const { rows } = await db.query<{
    category: string;
    priority: string;
    status: string;
    counted: number | null;
    tallied: number | null;
  }>(
    `SELECT category, priority, status, r.n::int AS counted, t.n::int AS tallied
       FROM (SELECT category, priority, status, count(*) AS n FROM grievances WHERE hidden_at IS NULL GROUP BY 1, 2, 3) AS r
       FULL JOIN grievance_tallies AS t USING (category, priority, status)
      WHERE r.n IS DISTINCT FROM t.n`,
  );
  if (rows.length > 0) {
    const lines = rows.map(
      (r) => `  ${r.category} / ${r.priority} / ${r.status}: ${r.counted ?? 0} rows, tally ${r.tallied ?? "none"}`,
    );
    throw new SeedError(`The tallies do not match the rows after seeding:\n${lines.join("\n")}`);
  }
  const { rows: sums } = await db.query<{ n: number }>("SELECT coalesce(sum(n), 0)::int AS n FROM grievance_tallies");
  return sums[0]?.n ?? 0;
}

/**
 * Shares of reports that contain each search term anywhere (as a substring, which also catches a term that some
 * other word starts with): the word lists promise about 30 %, 3 %, 0.3 % and 0.1 %.
 */
export async function searchTermShares(db: Queryable): Promise<Record<keyof typeof SEARCH_TERMS, number>> {
  const terms = Object.entries(SEARCH_TERMS) as Array<[keyof typeof SEARCH_TERMS, string]>;
  const { rows } = await db.query<Record<string, number>>(
    `SELECT ${terms.map(([name], i) => `avg((t ILIKE $${i + 1})::int)::float8 AS ${name}`).join(", ")}
       FROM (SELECT title || ' ' || description || ' ' || coalesce(location, '') AS t FROM grievances) AS all_text`,
    terms.map(([, term]) => `%${term}%`),
  );
  return Object.fromEntries(terms.map(([name]) => [name, rows[0]?.[name] ?? 0])) as Record<
    keyof typeof SEARCH_TERMS,
    number
  >;
}

export interface PinShares {
  /** Reports with a pin (PIN_SHARE promised). */
  pinned: number;
  /** Pinned reports within a kilometre box around the densest neighbourhood's centre. */
  denseBox: number;
}

/**
 * Pins are where seed-places.ts says: both coordinates or neither (a CHECK of migrations/013 also says so), each
 * inside the city, and `position` (the generated column the GiST index holds) agreeing with them.
 */
export async function checkPins(db: Queryable): Promise<PinShares> {
  const city = CITY_BOX;
  const dense = NEIGHBOURHOODS[0]!;
  const box = boxAt(dense.east, dense.north, 500);
  const { rows } = await db.query<{ misplaced: number; pinned: number; dense: number }>(
    `SELECT count(*) FILTER (WHERE (latitude IS NULL) <> (longitude IS NULL)
                               OR latitude NOT BETWEEN $2 AND $4 OR longitude NOT BETWEEN $1 AND $3
                               OR NOT position ~= point(longitude::float8, latitude::float8))::int AS misplaced,
            avg((latitude IS NOT NULL)::int)::float8 AS pinned,
            -- NULL for a report without a pin, which avg() leaves out: a share of the pinned ones.
            avg((position <@ box(point($5, $6), point($7, $8)))::int)::float8 AS dense
       FROM grievances`,
    [city.minLon, city.minLat, city.maxLon, city.maxLat, box.minLon, box.minLat, box.maxLon, box.maxLat],
  );
  const found = rows[0] ?? { misplaced: 0, pinned: 0, dense: 0 };
  if (found.misplaced > 0)
    throw new SeedError(`${found.misplaced} seeded pins are outside the city or disagree with their position`);
  return { pinned: found.pinned ?? 0, denseBox: found.dense ?? 0 };
}
