import type { SimilarReport } from "#shared/api-types.ts";
import type { Category } from "#shared/domain.ts";
import { distanceMetres, DUPLICATE_RADIUS_METRES, MAX_SIMILAR_REPORTS, type LatLng } from "#shared/places/geo.ts";
import type { SimilarQuery } from "#shared/places/location-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { peopleAffected } from "../grievances/public-grievance.ts";
import {
  nearestOpenOfCategory,
  openOnWaterPoint,
  openWithSimilarTitle,
  type CandidateRow,
} from "./similar-report-repository.ts";

/**
 * "Has someone already reported this?" (docs/decisions/016-map-and-location.md): open public reports of the category
 * near the pin, then ones with a similar title, at most MAX_SIMILAR_REPORTS, newest first (the reads:
 * similar-report-repository.ts). With a water point chosen, the open reports on that point come before all others
 * (docs/decisions/040-reporting-against-water-points.md).
 */

export async function findSimilarReports(db: Database, query: SimilarQuery): Promise<SimilarReport[]> {
  const onPoint = query.water_point ? await openOnWaterPoint(db, query.water_point, MAX_SIMILAR_REPORTS) : [];
  if (onPoint.length === 0) return findSimilarByPlaceAndTitle(db, query);
  const pin = pinOf(query);
  const first = onPoint.map((row) =>
    toSimilar(row, pin && row.latitude !== null && row.longitude !== null ? distanceMetres(pin, row as LatLng) : null),
  );
  const seen = new Set(first.map((report) => report.id));
  const rest = (await findSimilarByPlaceAndTitle(db, query)).filter((report) => !seen.has(report.id));
  return [...first, ...rest].slice(0, MAX_SIMILAR_REPORTS);
}

const pinOf = (query: SimilarQuery): LatLng | undefined =>
  query.latitude !== undefined && query.longitude !== undefined
    ? { latitude: query.latitude, longitude: query.longitude }
    : undefined;

async function findSimilarByPlaceAndTitle(db: Database, query: SimilarQuery): Promise<SimilarReport[]> {
  const pin = pinOf(query);
  const nearby = pin ? await findNearby(db, query.category, pin) : [];
  const wanted = MAX_SIMILAR_REPORTS - nearby.length;
  const byTitle =
    query.title && wanted > 0 ? await openWithSimilarTitle(db, query.category, query.title, MAX_SIMILAR_REPORTS) : [];
  const seen = new Set(nearby.map((report) => report.id));
  const titled = byTitle
    .filter((row) => !seen.has(row.id))
    .slice(0, wanted)
    .map((row) => toSimilar(row, null));
  return [...nearby, ...titled].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/** The nearest within DUPLICATE_RADIUS_METRES: nearest first through the GiST index on `position`, then haversine. */
async function findNearby(db: Queryable, category: Category, pin: LatLng): Promise<SimilarReport[]> {
  const rows = await nearestOpenOfCategory(db, category, pin);
  return rows
    .map((row) => toSimilar(row, distanceMetres(pin, row as LatLng)))
    .filter((report) => (report.distanceMetres as number) <= DUPLICATE_RADIUS_METRES)
    .sort((a, b) => (a.distanceMetres as number) - (b.distanceMetres as number))
    .slice(0, MAX_SIMILAR_REPORTS);
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
