import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import { neutraliseFormula } from "../exports/grievance-csv.ts";
import { withoutBidiControls } from "../http/outgoing-text.ts";
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

/**
 * CSV (RFC 4180, CRLF, a UTF-8 byte order mark) as the reports' export writes it (exports/grievance-csv.ts): a cell a
 * spreadsheet would run as a formula gets a leading apostrophe, bidirectional controls are taken out. A stream.
 */
export function waterPointCsv(rows: AsyncIterable<ExportPointRow>): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const values = wpdxValues(row);
        yield WPDX_COLUMNS.map((column) => values[column] ?? "");
      }
    })(),
  );
  const csv = stringify({
    header: true,
    columns: [...WPDX_COLUMNS],
    bom: true,
    record_delimiter: "windows",
    quote_record_delimiter: true,
    cast: { string: (value) => neutraliseFormula(withoutBidiControls(value)) },
  });
  source.on("error", (error) => csv.destroy(error));
  csv.on("close", () => source.destroy());
  return source.pipe(csv);
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
