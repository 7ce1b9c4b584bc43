import { Readable } from "node:stream";
import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import { formulaSafeCsv } from "../http/csv-writer.ts";
import type { ExportPointRow } from "./water-point-registry-repository.ts";

/**
 * The registry as WPDx publishes it (docs/decisions/036-water-points.md, docs/integrators.md): CSV and GeoJSON with
 * WPDx's field names, so that an NGO can publish its points to the Water Point Data Exchange, and import them back.
 * `status_id` is the point's status now, by its page's rule (docs/decisions/039-water-point-status.md).
 */
export const WPDX_COLUMNS = [
  "wpdx_id",
  "lat_deg",
  "lon_deg",
  "water_source_clean",
  "water_tech_clean",
  "status_id",
  "clean_adm1",
  "clean_adm2",
  "clean_adm3",
  "clean_adm4",
  "install_year",
  "management_clean",
  "name",
] as const;

const STATUS_ID: Record<WaterPointStatus, string> = { functional: "Yes", "not-functional": "No", unknown: "Unknown" };

/** One point under WPDx's names, in WPDX_COLUMNS' order. */
function wpdxValues(row: ExportPointRow): Record<(typeof WPDX_COLUMNS)[number], string | number | null> {
  return {
    wpdx_id: row.code,
    lat_deg: row.latitude,
    lon_deg: row.longitude,
    water_source_clean: row.water_source,
    water_tech_clean: row.water_tech,
    status_id: STATUS_ID[row.status],
    clean_adm1: row.adm1,
    clean_adm2: row.adm2,
    clean_adm3: row.adm3,
    clean_adm4: row.adm4,
    install_year: row.install_year,
    management_clean: row.management,
    name: row.name,
  };
}

/** CSV as every export writes it (http/csv-writer.ts: formula-safe, RFC 4180, a byte order mark), streamed. */
export function waterPointCsv(rows: AsyncIterable<ExportPointRow>): Readable {
  return formulaSafeCsv(
    WPDX_COLUMNS,
    (async function* () {
      for await (const row of rows) {
        const values = wpdxValues(row);
        yield WPDX_COLUMNS.map((column) => values[column] ?? "");
      }
    })(),
  );
}

/** A GeoJSON FeatureCollection, one feature per point with WPDx's names as its properties (and `status`). A stream. */
export function waterPointGeojson(rows: AsyncIterable<ExportPointRow>): Readable {
  return Readable.from(
    (async function* () {
      yield '{"type":"FeatureCollection","features":[';
      let first = true;
      for await (const row of rows) {
        const { lat_deg: latitude, lon_deg: longitude, ...properties } = wpdxValues(row);
        const feature = {
          type: "Feature",
          geometry: { type: "Point", coordinates: [longitude, latitude] },
          properties: { ...properties, status: row.status },
        };
        yield `${first ? "" : ","}\n${JSON.stringify(feature)}`;
        first = false;
      }
      yield "\n]}\n";
    })(),
  );
}
