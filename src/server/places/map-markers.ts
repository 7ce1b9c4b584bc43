import type { MapMarker } from "../../shared/api-types.ts";
import type { Category, Priority, Status } from "../../shared/domain.ts";
import { MAP_MARKER_CAP } from "../../shared/geo.ts";
import type { Bbox } from "../../shared/geo.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { MatchingCount } from "../grievances/capped-count.ts";
import { positionWithin } from "../grievances/grievance-sql.ts";
import { peopleAffected } from "../grievances/public-grievance.ts";

/**
 * The markers of a map view (docs/decisions/016-map-and-location.md): the newest MAP_MARKER_CAP reports that `where`
 * selects, and how many it selects (capped like the list's count). `where` comes from the list's or the queue's
 * filters with a bbox, so the pin test goes through the GiST index on `position` (grievance-sql.ts positionWithin).
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
export const MAP_COUNT_CAP = 5_000;

const MARKER_COLUMNS = `g.id, g.reference, g.title, g.category, g.status, g.priority, g.created_at, g.affected_count,
  g.location, g.latitude::float8 AS latitude, g.longitude::float8 AS longitude, g.hidden_at IS NOT NULL AS hidden`;

/**
 * `where`: the other filters, columns qualified with "g." (the alias of grievances here), values in `params`.
 *
 * PostgreSQL guesses that `position <@ box` keeps 0.1 % of the rows whatever the box, so left to itself it reads
 * every pin of a city-wide box through the GiST index (a bitmap scan reads all before any LIMIT) and sorts them:
 * 0.7 s at a million reports. So the area is first read through the GiST index as a plain index scan, which stops
 * after MAP_COUNT_CAP + 1 rows; an area with no more than that is sorted in memory. A fuller area holds at least
 * 0.5 % of a million reports, so walking the date index newest first meets MAP_MARKER_CAP of them within some
 * 100,000 rows at worst, and usually within a few thousand (docs/decisions/016-map-and-location.md).
 */
export async function findMarkers(db: Database, bbox: Bbox, where: string, params: unknown[]): Promise<MarkerPage> {
  return db.transaction(async (tx) => {
    // Only for this transaction: planner settings never leak to other requests on the connection.
    await tx.query("SET LOCAL enable_bitmapscan = off");
    const few = await fewInArea(tx, bbox, where, params);
    if (few) return few;
    // Only the walk: a sequential scan and sort of every row is what PostgreSQL picks without it.
    await tx.query("SET LOCAL enable_seqscan = off");
    const walkParams = [...params];
    const { rows } = await tx.query<MarkerRow>(
      `SELECT ${MARKER_COLUMNS} FROM grievances g WHERE ${where} AND ${latLonWithin(bbox, walkParams)}
       ORDER BY g.created_at DESC, g.id DESC LIMIT ${MAP_MARKER_CAP}`,
      walkParams,
    );
    return { matching: MAP_COUNT_CAP, matchingCapped: true, markers: rows.map(toMarker) };
  });
}

/** The newest markers and the exact count when the area holds at most MAP_COUNT_CAP; undefined when it holds more. */
async function fewInArea(tx: Queryable, bbox: Bbox, where: string, params: unknown[]): Promise<MarkerPage | undefined> {
  const boxParams = [...params];
  const inBox = positionWithin(bbox, boxParams, "g.");
  const { rows } = await tx.query<MarkerRow & { matching: number }>(
    `WITH in_area AS MATERIALIZED (
       SELECT g.id, g.created_at FROM grievances g WHERE ${inBox} AND ${where} LIMIT ${MAP_COUNT_CAP + 1}
     ), newest AS (
       SELECT id FROM in_area ORDER BY created_at DESC, id DESC LIMIT ${MAP_MARKER_CAP}
     )
     SELECT counted.matching, shown.* FROM (SELECT count(*)::int AS matching FROM in_area) AS counted
     LEFT JOIN (SELECT ${MARKER_COLUMNS} FROM newest JOIN grievances g USING (id)) AS shown ON true
     ORDER BY shown.created_at DESC, shown.id DESC`,
    boxParams,
  );
  const matching = rows[0]?.matching ?? 0;
  if (matching > MAP_COUNT_CAP) return undefined;
  // Without a marker, the one row carries the count alone.
  const markers = rows.filter((row) => row.id !== null).map(toMarker);
  return { matching, matchingCapped: false, markers };
}

/** The same test as `position <@ box` on the plain columns, which have statistics of their own and no index. */
function latLonWithin(bbox: Bbox, params: unknown[]): string {
  params.push(bbox.minLat, bbox.maxLat, bbox.minLon, bbox.maxLon);
  const n = params.length;
  return `g.latitude BETWEEN $${n - 3} AND $${n - 2} AND g.longitude BETWEEN $${n - 1} AND $${n}`;
}

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
