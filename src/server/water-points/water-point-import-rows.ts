import { msg } from "#shared/i18n/locales.ts";
import { newWaterPointSchema, type NewWaterPoint } from "#shared/water-points/water-point-schemas.ts";
import type { ImportEntry } from "./water-point-import-file.ts";

/**
 * An import's entries as points (docs/decisions/036-water-points.md): WPDx's column names mapped onto the registry's
 * fields and checked with the form's own schema, so that a row is refused for the reason the form would give.
 */

export interface Rejection {
  row: number;
  reason: string;
}

export const IMPORT_ROW_MESSAGES = {
  repeated: msg("This code (wpdx_id) is on an earlier row of the file too; that row is the one imported."),
} as const;

/** WPDx's name of each field; a GeoJSON feature may call the code `code`. */
const WPDX_NAMES = {
  name: "name",
  latitude: "lat_deg",
  longitude: "lon_deg",
  water_source: "water_source_clean",
  water_tech: "water_tech_clean",
  status_id: "status_id",
  adm1: "clean_adm1",
  adm2: "clean_adm2",
  adm3: "clean_adm3",
  adm4: "clean_adm4",
  install_year: "install_year",
  management: "management_clean",
} as const;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";

/** The entry's values under the registry's names. A point without a name is named by its code (WPDx has none). */
function fieldsOf(values: Record<string, unknown>): Record<string, unknown> {
  const code = blank(values.wpdx_id) ? values.code : values.wpdx_id;
  const fields: Record<string, unknown> = { code };
  for (const [field, column] of Object.entries(WPDX_NAMES)) fields[field] = values[column];
  if (blank(fields.name)) fields.name = typeof code === "string" ? code : "";
  return fields;
}

/**
 * Each entry as a point, or why not: the first problem the schema finds, worded for whoever fixes the file. A code
 * repeated in the file (whatever its case) keeps its first row; the later ones are refused, so the answer's figures
 * add up to the file's rows.
 */
export function importRows(entries: ImportEntry[]): { points: NewWaterPoint[]; rejected: Rejection[] } {
  const points: NewWaterPoint[] = [];
  const rejected: Rejection[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.problem) {
      rejected.push({ row: entry.row, reason: entry.problem });
      continue;
    }
    const parsed = newWaterPointSchema.safeParse(fieldsOf(entry.values));
    if (!parsed.success) {
      rejected.push({ row: entry.row, reason: firstReason(parsed.error.issues) });
      continue;
    }
    const key = parsed.data.code.toUpperCase();
    if (seen.has(key)) {
      rejected.push({ row: entry.row, reason: IMPORT_ROW_MESSAGES.repeated });
      continue;
    }
    seen.add(key);
    points.push(parsed.data);
  }
  return { points, rejected };
}

// The code first: a row without one is "missing wpdx_id" whatever else is wrong with it.
function firstReason(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return (issues.find((issue) => issue.path[0] === "code") ?? issues[0])?.message ?? "";
}
