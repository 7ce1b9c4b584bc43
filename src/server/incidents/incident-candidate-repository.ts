import type { Bbox } from "#shared/places/geo.ts";
import type { Queryable } from "../db/database.ts";
import { categoryNameOf, positionWithin } from "../grievances/grievance-filter-repository.ts";

/** The bulk preview's reads (incident-candidates.ts tests each row exactly in code). */

// Exactly the predicate of grievances_open_position_idx (migration 014), which PostgreSQL only uses when the
// query says the same: open public reports. A hidden report is not offered; it can still be linked by its id.
const OPEN_PUBLIC = "g.status <> 'resolved' AND g.hidden_at IS NULL";

export interface CandidateRow {
  id: string;
  reference: string;
  title: string;
  category: string;
  status: string;
  location: string | null;
  created_at: Date | string;
  latitude: number | null;
  longitude: number | null;
  linked_incident_id: string | null;
}

const SELECT = `SELECT g.id::text, g.reference, g.title, coalesce(${categoryNameOf("g.category")}, g.category) AS category, g.status, g.location,
  g.created_at, g.latitude::float8 AS latitude, g.longitude::float8 AS longitude, r.incident_id::text AS linked_incident_id
  FROM grievances g LEFT JOIN incident_reports r ON r.grievance_id = g.id`;

export interface CandidateFilter {
  /** Reports made since then. */
  since: string;
  /** Reports already linked to this incident are left out. */
  incidentId: string;
  category: string | undefined;
}

function conditionsOf(filter: CandidateFilter, params: unknown[]): string {
  params.push(filter.since, filter.incidentId);
  const conditions = [
    OPEN_PUBLIC,
    `g.created_at >= $${params.length - 1}`,
    `(r.incident_id IS NULL OR r.incident_id <> $${params.length})`,
  ];
  if (filter.category !== undefined) {
    params.push(filter.category);
    conditions.push(`g.category = $${params.length}`);
  }
  return conditions.join(" AND ");
}

/** Up to `limit` candidates whose pin lies in `box` (through the GiST index on `position`), newest first. */
export async function candidatesInBox(
  db: Queryable,
  box: Bbox,
  filter: CandidateFilter,
  limit: number,
): Promise<CandidateRow[]> {
  const params: unknown[] = [];
  const within = positionWithin(box, params, "g.");
  const { rows } = await db.query<CandidateRow>(
    `${SELECT} WHERE ${within} AND ${conditionsOf(filter, params)} ORDER BY g.created_at DESC LIMIT ${limit}`,
    params,
  );
  return rows;
}

/** Up to `limit` candidates with a location text, newest first. */
export async function candidatesWithLocation(
  db: Queryable,
  filter: CandidateFilter,
  limit: number,
): Promise<CandidateRow[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<CandidateRow>(
    `${SELECT} WHERE g.location IS NOT NULL AND ${conditionsOf(filter, params)} ORDER BY g.created_at DESC LIMIT ${limit}`,
    params,
  );
  return rows;
}
