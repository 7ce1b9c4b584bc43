import { parse } from "csv-parse/sync";
import { msg } from "#shared/i18n/locales.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * Reading an import's file (docs/decisions/036-water-points.md): a CSV with WPDx's column names or a GeoJSON
 * FeatureCollection of points, told apart by what the file holds, never by the type the browser declared. Each
 * entry keeps where it was in the file: its line in the CSV (the header is line 1; a quoted cell may span lines,
 * the entry's first line counts) or its feature's index + 1.
 */

export interface ImportEntry {
  row: number;
  /** The entry's values by WPDx column name (lower case), as read; a GeoJSON point's coordinates as lat_deg/lon_deg. */
  values: Record<string, unknown>;
  /** Why the entry cannot be a point whatever its values (a feature without a point), when so. */
  problem?: string;
}

/** How many points one file may hold: a national registry in one file, a larger one in several. */
export const MAX_IMPORT_ENTRIES = 200_000;

export const IMPORT_FILE_MESSAGES = {
  unreadable: msg(
    "The file is neither a CSV with a header row (wpdx_id, lat_deg, lon_deg, …) nor a GeoJSON FeatureCollection of points.",
  ),
  noCodeColumn: msg(
    "The CSV has no wpdx_id column: its first line must name the columns (wpdx_id, lat_deg, lon_deg, …).",
  ),
  badJson: msg("The file starts like GeoJSON but is not valid JSON."),
  notFeatureCollection: msg('The GeoJSON must be a FeatureCollection (a "features" list of points).'),
  notPoint: msg("The feature is not a Point with [longitude, latitude] coordinates."),
  tooMany: englishText(
    msg("The file holds more than {max} water points. Please split it (by region, for example) and import each part."),
    { max: MAX_IMPORT_ENTRIES.toLocaleString("en") },
  ),
} as const;

/** Reads the file's entries; a file that is neither kind, or holds too many, is refused with a 400. */
export function readImportFile(bytes: Buffer): ImportEntry[] {
  // A byte order mark, then CRLF or CR line ends as LF: one way to count lines.
  const text = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n");
  const entries = text.trimStart().startsWith("{") ? readGeoJson(text) : readCsv(text);
  if (entries.length > MAX_IMPORT_ENTRIES) throw new HttpError(400, IMPORT_FILE_MESSAGES.tooMany);
  return entries;
}

interface CsvRecord {
  record: Record<string, string>;
  raw: string;
  info: { lines: number };
}

function readCsv(text: string): ImportEntry[] {
  let records: CsvRecord[];
  let header: string[] = [];
  try {
    records = parse(text, {
      columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (O"Brien) is kept as written, as spreadsheets write it.
      relax_quotes: true,
    }) as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new HttpError(
      400,
      line
        ? englishText(
            msg("The CSV could not be read at line {line}: a quoted cell is not closed, or a row is broken."),
            {
              line,
            },
          )
        : IMPORT_FILE_MESSAGES.unreadable,
    );
  }
  if (header.length === 0 || !header.includes("wpdx_id")) {
    throw new HttpError(400, header.length > 1 ? IMPORT_FILE_MESSAGES.noCodeColumn : IMPORT_FILE_MESSAGES.unreadable);
  }
  return records.map(({ record, raw, info }) => {
    // info.lines is the record's last line; a cell spanning lines moves its first line up by as many.
    const content = raw.replace(/^\n+/, "").replace(/\n$/, "");
    return { row: info.lines - (content.match(/\n/g)?.length ?? 0), values: record };
  });
}

function readGeoJson(text: string): ImportEntry[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new HttpError(400, IMPORT_FILE_MESSAGES.badJson);
  }
  const features = (document as { type?: unknown; features?: unknown }).features;
  if ((document as { type?: unknown }).type !== "FeatureCollection" || !Array.isArray(features)) {
    throw new HttpError(400, IMPORT_FILE_MESSAGES.notFeatureCollection);
  }
  return features.map((feature: unknown, index): ImportEntry => {
    const { geometry, properties } = (feature ?? {}) as { geometry?: unknown; properties?: unknown };
    const values: Record<string, unknown> = {};
    if (properties && typeof properties === "object" && !Array.isArray(properties)) {
      for (const [name, value] of Object.entries(properties)) values[name.trim().toLowerCase()] = value;
    }
    const coordinates = (geometry as { type?: unknown; coordinates?: unknown } | null)?.coordinates;
    const isPoint =
      (geometry as { type?: unknown } | null)?.type === "Point" &&
      Array.isArray(coordinates) &&
      coordinates.length >= 2 &&
      coordinates.every((value) => typeof value === "number");
    if (!isPoint) return { row: index + 1, values, problem: IMPORT_FILE_MESSAGES.notPoint };
    return { row: index + 1, values: { ...values, lon_deg: coordinates[0], lat_deg: coordinates[1] } };
  });
}
