import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import type { Bbox } from "#shared/places/geo.ts";
import type { NewWaterPoint, WaterPointFields, WaterPointStatusId } from "#shared/water-points/water-point-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { waterPointStatusSql } from "./water-point-status-repository.ts";

/**
 * The registry of water points (migrations/036, docs/decisions/036-water-points.md): the import's upsert by code,
 * the administrators' changes, the console's list, the map's box and the exports. A code is one point whatever its
 * case (water_points_code_idx on upper(code)).
 */
export interface WaterPointRow {
  id: string;
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  water_source: string | null;
  water_tech: string | null;
  status_id: WaterPointStatusId;
  adm1: string | null;
  adm2: string | null;
  adm3: string | null;
  adm4: string | null;
  install_year: number | null;
  management: string | null;
  retired_at: Date | null;
  updated_at: Date;
}

const COLUMNS = `id, code, name, latitude, longitude, water_source, water_tech, status_id, adm1, adm2, adm3, adm4,
  install_year, management, retired_at, updated_at`;

/** The fields an import or an edit writes, in this order ($2 … $14 after the code). */
const FIELDS = [
  "name",
  "latitude",
  "longitude",
  "water_source",
  "water_tech",
  "status_id",
  "adm1",
  "adm2",
  "adm3",
  "adm4",
  "install_year",
  "management",
] as const satisfies readonly (keyof WaterPointFields)[];
const FIELD_TYPES = ["text", "float8", "float8", "text", "text", "text", "text", "text", "text", "text", "int", "text"];

/** Which of these codes (upper case) the registry has already, retired or not. */
export async function existingCodes(db: Queryable, upperCodes: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ code: string }>(
    "SELECT upper(code) AS code FROM water_points WHERE upper(code) = ANY($1::text[])",
    [upperCodes],
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * Creates the points whose code is new and updates the others (found whatever the code's case, which keeps the
 * spelling it was first stored with; a retired point stays retired), in one statement per batch. The batch holds each code once. Answers how many were created.
 */
export async function upsertWaterPoints(tx: Queryable, points: NewWaterPoint[]): Promise<{ created: number }> {
  const arrays = [points.map((point) => point.code), ...FIELDS.map((field) => points.map((point) => point[field]))];
  const columns = ["code", ...FIELDS];
  const { rows } = await tx.query<{ created: boolean }>(
    `INSERT INTO water_points (${columns.join(", ")})
     SELECT * FROM unnest($1::text[], ${FIELD_TYPES.map((type, index) => `$${index + 2}::${type}[]`).join(", ")})
     ON CONFLICT ((upper(code))) DO UPDATE SET
       ${FIELDS.map((column) => `${column} = EXCLUDED.${column}`).join(", ")}, updated_at = now()
     RETURNING (xmax = 0) AS created`,
    arrays,
  );
  return { created: rows.filter((row) => row.created).length };
}

/** A new point; undefined when its code is taken (whatever its case). */
export async function insertWaterPoint(tx: Queryable, point: NewWaterPoint): Promise<WaterPointRow | undefined> {
  const columns = ["code", ...FIELDS];
  const { rows } = await tx.query<WaterPointRow>(
    `INSERT INTO water_points (${columns.join(", ")}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})
     ON CONFLICT ((upper(code))) DO NOTHING RETURNING ${COLUMNS}`,
    [point.code, ...FIELDS.map((field) => point[field])],
  );
  return rows[0];
}

/** One point by its code in any case, locked until the transaction ends. */
export async function lockWaterPoint(tx: Queryable, code: string): Promise<WaterPointRow | undefined> {
  const { rows } = await tx.query<WaterPointRow>(
    `SELECT ${COLUMNS} FROM water_points WHERE upper(code) = upper($1) FOR UPDATE`,
    [code],
  );
  return rows[0];
}

/** Stores an edit of everything but the code. */
export async function saveWaterPoint(tx: Queryable, id: string, fields: WaterPointFields): Promise<WaterPointRow> {
  const { rows } = await tx.query<WaterPointRow>(
    `UPDATE water_points SET ${FIELDS.map((field, index) => `${field} = $${index + 2}`).join(", ")}, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...FIELDS.map((field) => fields[field])],
  );
  return rows[0]!;
}

/** Retires the point now, or puts it back in service. */
export async function setRetired(tx: Queryable, id: string, retired: boolean): Promise<WaterPointRow> {
  const { rows } = await tx.query<WaterPointRow>(
    `UPDATE water_points SET retired_at = ${retired ? "now()" : "NULL"}, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0]!;
}

/**
 * The console's list: retired points too, by code, `limit` at a time after the code `after`; `q` finds a part of
 * the code or the name, in any case.
 */
export async function listWaterPointPage(
  db: Queryable,
  { q, after, limit }: { q?: string | undefined; after?: string | undefined; limit: number },
): Promise<WaterPointRow[]> {
  const params: unknown[] = [limit];
  const conditions: string[] = [];
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(code ILIKE $${params.length} OR name ILIKE $${params.length})`);
  }
  if (after) {
    params.push(after);
    conditions.push(`upper(code) > upper($${params.length})`);
  }
  const { rows } = await db.query<WaterPointRow>(
    `SELECT ${COLUMNS} FROM water_points ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
     ORDER BY upper(code) LIMIT $1`,
    params,
  );
  return rows;
}

export interface MapPointRow {
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  status: WaterPointStatus;
}

const inBox = (alias: string) =>
  `${alias}.retired_at IS NULL AND ${alias}.position <@ box(point($1, $2), point($3, $4))`;
const boxParams = (bbox: Bbox) => [bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat];

/**
 * Up to `limit` points in service in the box, each with its status (the point page's rule). Through the GiST index
 * as a plain index scan that stops at `limit`: a bitmap scan would read every entry in a country-wide box first
 * (the markers' reason, map-marker-repository.ts). Call it in a transaction: the setting is the transaction's only.
 */
export async function pointsInBox(tx: Queryable, bbox: Bbox, limit: number): Promise<MapPointRow[]> {
  await tx.query("SET LOCAL enable_bitmapscan = off");
  const { rows } = await tx.query<MapPointRow>(
    `SELECT wp.code, wp.name, wp.longitude, wp.latitude, ${waterPointStatusSql("wp")} AS status
     FROM water_points wp WHERE ${inBox("wp")} LIMIT $5`,
    [...boxParams(bbox), limit],
  );
  return rows;
}

export interface ClusterRow {
  count: number;
  longitude: number;
  latitude: number;
}

/**
 * The points in service in the box, counted per cell of a grid of `cell` degrees anchored at 0,0 (so that a panned
 * map keeps its cells), each cell at its points' mean position. Reads only the index's points (`position`).
 */
export async function clustersInBox(tx: Queryable, bbox: Bbox, cell: number): Promise<ClusterRow[]> {
  await tx.query("SET LOCAL enable_bitmapscan = off");
  const { rows } = await tx.query<ClusterRow>(
    `SELECT count(*)::int AS count, avg(wp.position[0]) AS longitude, avg(wp.position[1]) AS latitude
     FROM water_points wp WHERE ${inBox("wp")}
     GROUP BY floor(wp.position[0] / $5), floor(wp.position[1] / $5)`,
    [...boxParams(bbox), cell],
  );
  return rows;
}

export interface ExportPointRow extends WaterPointRow {
  status: WaterPointStatus;
}

const EXPORT_BATCH = 1_000;

/**
 * Every point in service with its status, by code, read in keyset batches through the code's index: an export of
 * half a million points holds one batch in memory, and stopping the generator stops the reading.
 */
export async function* exportWaterPointRows(db: Queryable): AsyncGenerator<ExportPointRow> {
  let after: string | undefined;
  for (;;) {
    const { rows } = await db.query<ExportPointRow>(
      `SELECT ${COLUMNS.replace(/(\w+)/g, "wp.$1")}, ${waterPointStatusSql("wp")} AS status FROM water_points wp
       WHERE wp.retired_at IS NULL ${after === undefined ? "" : "AND upper(wp.code) > $2"}
       ORDER BY upper(wp.code) LIMIT $1`,
      after === undefined ? [EXPORT_BATCH] : [EXPORT_BATCH, after],
    );
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.code.toUpperCase();
  }
}

/** One cell of a grid of `base` degrees anchored at 0,0 (x, y: its index), with its points' count and summed position. */
export interface GridCellRow {
  x: number;
  y: number;
  count: number;
  sum_lon: number;
  sum_lat: number;
}

/**
 * Every point in service counted per cell of `base` degrees, the whole registry at once: read from the GiST index
 * alone (an index-only scan of the world's box), one row per cell that has points.
 */
export async function gridCells(db: Database, base: number): Promise<GridCellRow[]> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_bitmapscan = off");
    const { rows } = await tx.query<GridCellRow>(
      `SELECT floor(wp.position[0] / $5)::int AS x, floor(wp.position[1] / $5)::int AS y, count(*)::int AS count,
              sum(wp.position[0]) AS sum_lon, sum(wp.position[1]) AS sum_lat
       FROM water_points wp WHERE ${inBox("wp")} GROUP BY 1, 2`,
      [-180, -90, 180, 90, base],
    );
    return rows;
  });
}
