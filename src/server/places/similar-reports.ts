import type { SimilarReport } from "#shared/api-types.ts";
import type { Category, Status } from "#shared/domain.ts";
import {
  distanceMetres,
  DUPLICATE_RADIUS_METRES,
  MAX_SIMILAR_REPORTS,
  SIMILAR_TITLE_THRESHOLD,
  type LatLng,
} from "#shared/places/geo.ts";
import type { SimilarQuery } from "#shared/places/location-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { categoryNameOf } from "../grievances/grievance-sql.ts";
import { peopleAffected } from "../grievances/public-grievance.ts";

/**
 * "Has someone already reported this?" (decision 016): open public reports of the category near the pin, then ones with
 * a similar title, at most MAX_SIMILAR_REPORTS, newest first.
 *
 * Both searches keep to open public reports with exactly `status <> 'resolved' AND hidden_at IS NULL`: the predicate
 * of the trigram index grievances_open_title_trgm_idx (migrations/013), which PostgreSQL only uses when the query
 * says the same.
 */
const OPEN_PUBLIC = "status <> 'resolved' AND hidden_at IS NULL";

/**
 * Open reports of the category read nearest first (by the index's own distance, in degrees) through
 * grievances_open_position_idx (migrations/014), then measured exactly: the nearest few within the radius are among
 * these. Reading nearest first stops after this many, where reading every pin of the box around the circle would read
 * tens of thousands in a dense quarter.
 */
const NEARBY_CANDIDATES = 50;

interface CandidateRow {
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

// The category by its current name (decision 017); the filters compare the stored key.
const SELECT = `SELECT id, reference, title, ${categoryNameOf("category")} AS category, status, created_at, affected_count, location,
  latitude::float8 AS latitude, longitude::float8 AS longitude FROM grievances`;

export async function findSimilarReports(db: Database, query: SimilarQuery): Promise<SimilarReport[]> {
  const pin =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  const nearby = pin ? await findNearby(db, query.category, pin) : [];
  const wanted = MAX_SIMILAR_REPORTS - nearby.length;
  const byTitle =
    query.title && wanted > 0 ? await findByTitle(db, query.category, query.title, MAX_SIMILAR_REPORTS) : [];
  const seen = new Set(nearby.map((report) => report.id));
  const titled = byTitle
    .filter((row) => !seen.has(row.id))
    .slice(0, wanted)
    .map((row) => toSimilar(row, null));
  return [...nearby, ...titled].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/** The nearest within DUPLICATE_RADIUS_METRES: nearest first through the GiST index on `position`, then haversine. */
async function findNearby(db: Queryable, category: Category, pin: LatLng): Promise<SimilarReport[]> {
  const { rows } = await db.query<CandidateRow>(
    `${SELECT} WHERE ${OPEN_PUBLIC} AND category = $1 AND position IS NOT NULL
     ORDER BY position <-> point($2::float8, $3::float8) LIMIT ${NEARBY_CANDIDATES}`,
    [category, pin.longitude, pin.latitude],
  );
  return rows
    .map((row) => toSimilar(row, distanceMetres(pin, row as LatLng)))
    .filter((report) => (report.distanceMetres as number) <= DUPLICATE_RADIUS_METRES)
    .sort((a, b) => (a.distanceMetres as number) - (b.distanceMetres as number))
    .slice(0, MAX_SIMILAR_REPORTS);
}

/**
 * The most similar titles: `title % $t` finds them through the trigram index (at the threshold set for this
 * transaction only) and `title <-> $t` reads them most similar first from it.
 */
async function findByTitle(db: Database, category: Category, title: string, limit: number): Promise<CandidateRow[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT set_config('pg_trgm.similarity_threshold', $1, true)", [String(SIMILAR_TITLE_THRESHOLD)]);
    const { rows } = await tx.query<CandidateRow>(
      `${SELECT} WHERE ${OPEN_PUBLIC} AND title % $1 AND category = $2 ORDER BY title <-> $1 LIMIT ${limit}`,
      [title, category],
    );
    return rows;
  });
}

function toSimilar(row: CandidateRow, distance: number | null): SimilarReport {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    category: row.category,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    affected: peopleAffected(row.affected_count),
    location: row.location,
    distanceMetres: distance === null ? null : Math.round(distance),
  };
}
