import type { MapMarker } from "#shared/api-types.ts";
import type { Category, Priority, Status } from "#shared/domain.ts";
import { MAP_MARKER_CAP } from "#shared/places/geo.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { MatchingCount } from "../grievances/capped-count-repository.ts";
import { allOf, categoryNameOf, filterConditions, positionWithin } from "../grievances/grievance-filter-repository.ts";
import { peopleAffected } from "../grievances/public-grievance.ts";

/**
 * The markers of a map view (docs/decisions/016-map-and-location.md): the newest MAP_MARKER_CAP reports that `where`
 * selects, and how many it selects (capped like the list's count). `where` comes from the list's or the queue's
 * filters with a bbox, so the pin test goes through the GiST index on `position` (grievance-filter-repository.ts positionWithin).
 */
export interface MarkerPage extends MatchingCount {
  /** Staff see whether each is hidden; the public answer leaves that out (withoutHidden). */
  markers: (MapMarker & { hidden: boolean })[];
}

interface MarkerRow {
  id: string;
  reference: string;
  title: string;
  category: Category;
  status: Status;
  priority: Priority;
  created_at: Date;
  affected_count: number;
  location: string | null;
  latitude: number;
  longitude: number;
  hidden: boolean;
}

/**
 * Counted exactly up to this many in the area; above it the answer only says "more" (the page then shows the newest
 * MAP_MARKER_CAP and asks to zoom in).
 */
export const MAP_COUNT_CAP = 2_000;

/** How many of the newest reports (that match the other filters) are read looking for the area's newest markers. */
export const RECENT_WINDOW = 30_000;

// The category by its current name (decision 017).
const MARKER_COLUMNS = `g.id, g.reference, g.title, ${categoryNameOf("g.category")} AS category, g.status, g.priority, g.created_at, g.affected_count,
  g.location, g.latitude::float8 AS latitude, g.longitude::float8 AS longitude, g.hidden_at IS NOT NULL AS hidden`;

/**
 * `where`: the other filters, columns qualified with "g." (the alias of grievances here), values in `params`.
 *
 * PostgreSQL guesses that `position <@ box` keeps 0.1 % of the rows whatever the box, so left to itself it reads
 * every pin of a city-wide box through the GiST index (a bitmap scan reads all before any LIMIT) and sorts them:
 * 0.7 s at a million reports. So, in three steps, each stopping as soon as it has the answer
 * (docs/decisions/016-map-and-location.md):
 * 1. the area through the GiST index as a plain, index-only scan (bitmaps off) that stops after MAP_COUNT_CAP + 1
 *    entries: an area with no more than that is sorted in memory;
 * 2. a fuller area: the newest reports walked through the date index, keeping those in the area, until
 *    MAP_MARKER_CAP are found, within the newest RECENT_WINDOW (a busy area finds them within a few thousand);
 * 3. a full area whose reports are mostly older than that: all of its entries from the index, sorted in memory.
 */
export async function findMarkers(
  db: Database,
  bbox: Bbox,
  where: string,
  params: unknown[],
  recentWindow = RECENT_WINDOW,
): Promise<MarkerPage> {
  return db.transaction(async (tx) => {
    // Only for this transaction: planner settings never leak to other requests on the connection.
    await tx.query("SET LOCAL enable_bitmapscan = off");
    const few = await newestInArea(tx, bbox, where, params, MAP_COUNT_CAP + 1);
    if (few.matching <= MAP_COUNT_CAP) return few;
    const recent = await newestRecentInArea(tx, bbox, where, params, recentWindow);
    if (recent.length === MAP_MARKER_CAP) return { matching: MAP_COUNT_CAP, matchingCapped: true, markers: recent };
    const all = await newestInArea(tx, bbox, where, params, undefined);
    return { ...all, matching: MAP_COUNT_CAP, matchingCapped: true };
  });
}

/** The public map: visible reports matching the list's filters within the box. */
export async function findPublicMarkers(db: Database, bbox: Bbox, filters: GrievanceListFilters): Promise<MarkerPage> {
  const params: unknown[] = [];
  const where = allOf(["g.hidden_at IS NULL", ...filterConditions(filters, params, "g.")]);
  return findMarkers(db, bbox, where, params);
}

/** The area's newest markers and how many it holds, reading at most `limit` of its index entries (all without). */
async function newestInArea(
  tx: Queryable,
  bbox: Bbox,
  where: string,
  params: unknown[],
  limit: number | undefined,
): Promise<MarkerPage> {
  const boxParams = [...params];
  const inBox = positionWithin(bbox, boxParams, "g.");
  const { rows } = await tx.query<MarkerRow & { matching: number }>(
    `WITH in_area AS MATERIALIZED (
       SELECT g.id, g.created_at FROM grievances g WHERE ${inBox} AND ${where} LIMIT ${limit ?? "ALL"}
     ), newest AS (
       SELECT id FROM in_area ORDER BY created_at DESC, id DESC LIMIT ${MAP_MARKER_CAP}
     )
     SELECT counted.matching, shown.* FROM (SELECT count(*)::int AS matching FROM in_area) AS counted
     LEFT JOIN (SELECT ${MARKER_COLUMNS} FROM newest JOIN grievances g USING (id)) AS shown ON true
     ORDER BY shown.created_at DESC, shown.id DESC`,
    boxParams,
  );
  const matching = rows[0]?.matching ?? 0;
  // Without a marker, the one row carries the count alone.
  const markers = rows.filter((row) => row.id !== null).map(toMarker);
  return { matching, matchingCapped: false, markers };
}

/**
 * The newest markers in the area among the newest RECENT_WINDOW reports that match the other filters, read newest
 * first through the date index (or a filter's own date index) and stopping once MAP_MARKER_CAP are found.
 */
async function newestRecentInArea(
  tx: Queryable,
  bbox: Bbox,
  where: string,
  params: unknown[],
  recentWindow: number,
): Promise<MapMarkerRow[]> {
  const recentParams = [...params];
  recentParams.push(bbox.minLat, bbox.maxLat, bbox.minLon, bbox.maxLon);
  const n = recentParams.length;
  // Only the ids and dates are walked (index-only through grievances_recent_pins_idx, migrations/015); the rows of
  // the markers shown are read afterwards.
  const { rows } = await tx.query<MarkerRow>(
    `WITH shown AS (
       SELECT id, created_at FROM (
         SELECT g.id, g.created_at, g.latitude, g.longitude FROM grievances g WHERE ${where} AND g.position IS NOT NULL
         ORDER BY g.created_at DESC, g.id DESC LIMIT ${recentWindow}
       ) AS recent
       WHERE latitude BETWEEN $${n - 3} AND $${n - 2} AND longitude BETWEEN $${n - 1} AND $${n}
       ORDER BY created_at DESC, id DESC LIMIT ${MAP_MARKER_CAP}
     )
     SELECT ${MARKER_COLUMNS} FROM shown JOIN grievances g USING (id) ORDER BY g.created_at DESC, g.id DESC`,
    recentParams,
  );
  return rows.map(toMarker);
}

type MapMarkerRow = MarkerPage["markers"][number];

function toMarker(row: MarkerRow): MapMarker & { hidden: boolean } {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    category: row.category,
    status: row.status,
    priority: row.priority,
    created_at: new Date(row.created_at).toISOString(),
    affected: peopleAffected(row.affected_count),
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    hidden: row.hidden,
  };
}

/** The public answer carries no `hidden`: hidden reports are never among its markers. */
export const withoutHidden = ({ hidden: _hidden, ...marker }: MapMarker & { hidden: boolean }): MapMarker => marker;
