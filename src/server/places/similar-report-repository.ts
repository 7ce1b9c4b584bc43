import type { Category, Status } from "#shared/domain.ts";
import { SIMILAR_TITLE_THRESHOLD, type LatLng } from "#shared/places/geo.ts";
import type { Database, Queryable } from "../db/database.ts";
import { categoryNameOf } from "../grievances/grievance-filter-repository.ts";

/**
 * The reads of "Has someone already reported this?" (similar-reports.ts). Both keep to open public reports with
 * exactly `status <> 'resolved' AND hidden_at IS NULL`: the predicate of the trigram index
 * grievances_open_title_trgm_idx (migrations/013), which PostgreSQL only uses when the query says the same.
 */
const OPEN_PUBLIC = "status <> 'resolved' AND hidden_at IS NULL";

/**
 * Open reports of the category read nearest first (by the index's own distance, in degrees) through
 * grievances_open_position_idx (migrations/014), then measured exactly: the nearest few within the radius are among
 * these. Reading nearest first stops after this many, where reading every pin of the box around the circle would read
 * tens of thousands in a dense quarter.
 */
const NEARBY_CANDIDATES = 50;

export interface CandidateRow {
  id: string;
  reference: string;
  title: string;
  category: Category;
  status: Status;
  created_at: Date;
  affected_count: number;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

// The category by its current name (docs/decisions/017-categories-roles-and-open311.md); the filters compare the
// stored key.
const SELECT = `SELECT id, reference, title, ${categoryNameOf("category")} AS category, status, created_at, affected_count, location,
  latitude::float8 AS latitude, longitude::float8 AS longitude FROM grievances`;

/** The category's open reports nearest the pin first (by the GiST index's own distance), NEARBY_CANDIDATES of them. */
export async function nearestOpenOfCategory(db: Queryable, category: Category, pin: LatLng): Promise<CandidateRow[]> {
  const { rows } = await db.query<CandidateRow>(
    `${SELECT} WHERE ${OPEN_PUBLIC} AND category = $1 AND position IS NOT NULL
     ORDER BY position <-> point($2::float8, $3::float8) LIMIT ${NEARBY_CANDIDATES}`,
    [category, pin.longitude, pin.latitude],
  );
  return rows;
}

/**
 * Open public reports on the water point with this code (any case), newest first, through
 * grievances_water_point_idx (migrations/036); whatever their category, as they are about the same point.
 */
export async function openOnWaterPoint(db: Queryable, code: string, limit: number): Promise<CandidateRow[]> {
  const { rows } = await db.query<CandidateRow>(
    `${SELECT} WHERE ${OPEN_PUBLIC} AND water_point_id = (SELECT id FROM water_points WHERE upper(code) = upper($1))
     ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    [code],
  );
  return rows;
}

/**
 * The most similar titles: `title % $t` finds them through the trigram index (at the threshold set for this
 * transaction only) and `title <-> $t` reads them most similar first from it.
 */
export async function openWithSimilarTitle(
  db: Database,
  category: Category,
  title: string,
  limit: number,
): Promise<CandidateRow[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT set_config('pg_trgm.similarity_threshold', $1, true)", [String(SIMILAR_TITLE_THRESHOLD)]);
    const { rows } = await tx.query<CandidateRow>(
      `${SELECT} WHERE ${OPEN_PUBLIC} AND title % $1 AND category = $2 ORDER BY title <-> $1 LIMIT ${limit}`,
      [title, category],
    );
    return rows;
  });
}
