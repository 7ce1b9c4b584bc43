import { z } from "zod/mini";
import { msg } from "../i18n/locales.ts";
import { parseDecimal } from "../places/geo.ts";
import { isStorableText } from "../storable-text.ts";
import { WATER_POINT_CODE_PATTERN } from "./report-water-point.ts";

/**
 * A water point as administrators write it, by hand in the console or as one row of an import
 * (docs/decisions/036-water-points.md): the same schema for the form, the server and each imported row, so a row is
 * refused for the same reason, in the same words, whichever way it came. The fields are migrations/036's columns;
 * the import maps WPDx's names onto them (water-point-import-fields.ts).
 */

export const WATER_POINT_STATUS_IDS = ["yes", "no", "unknown"] as const;
export type WaterPointStatusId = (typeof WATER_POINT_STATUS_IDS)[number];

export const WATER_POINT_LIMITS = { name: 200, text: 100, minYear: 1800, maxYear: 2200 } as const;

/**
 * English message ids (docs/decisions/019-languages.md), translated where they are shown. Each names the WPDx
 * column too, so an import's rejected row says which column of the file to fix; none has a placeholder, so the
 * console translates an import's reasons as they come.
 */
export const WATER_POINT_FIELD_MESSAGES = {
  codeMissing: msg("The code (wpdx_id) is missing."),
  codeInvalid: msg(
    "The code (wpdx_id) must be 1 to 64 letters, digits, _, . or -, starting with a letter or digit (e.g. WP-0412).",
  ),
  nameMissing: msg("The name is missing."),
  nameTooLong: msg("The name must be at most 200 characters."),
  latitudeInvalid: msg("The latitude (lat_deg) must be a number between -90 and 90."),
  longitudeInvalid: msg("The longitude (lon_deg) must be a number between -180 and 180."),
  statusInvalid: msg("The status (status_id) must be Yes, No or Unknown."),
  installYearInvalid: msg("The year of installation (install_year) must be a whole year between 1800 and 2200."),
  textTooLong: msg("A water point's source, technology, areas and management must be at most 100 characters each."),
  invalidText: msg("Please remove the characters that cannot be stored."),
} as const;

const M = WATER_POINT_FIELD_MESSAGES;

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

/** An optional text: blank or absent is none (null); trimmed; at most 100 characters. */
const optionalText = () =>
  z.pipe(
    z.transform(blankToNull),
    z.nullable(
      z
        .string({ error: M.textTooLong })
        .check(z.trim(), z.maxLength(WATER_POINT_LIMITS.text, M.textTooLong), z.refine(isStorableText, M.invalidText)),
    ),
  );

/** A decimal number written as text (a form's field, a CSV cell) or as a number (JSON, GeoJSON). */
const decimal = (message: string, valid: (value: number) => boolean) =>
  z.pipe(
    z.transform((value: unknown) => {
      const number = typeof value === "number" ? value : typeof value === "string" ? parseDecimal(value) : undefined;
      return number !== undefined && Number.isFinite(number) && valid(number) ? number : null;
    }),
    z.number({ error: message }),
  );

/** WPDx's "Yes", "No", "Unknown" in any case; blank is unknown. */
export function statusIdOf(value: unknown): WaterPointStatusId | undefined {
  if (value === undefined || value === null) return "unknown";
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  if (text === "") return "unknown";
  return (WATER_POINT_STATUS_IDS as readonly string[]).includes(text) ? (text as WaterPointStatusId) : undefined;
}

/** Everything but the code: what an edit changes. */
export const waterPointFieldsSchema = z.object({
  name: z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim() : "")),
    z
      .string()
      .check(
        z.minLength(1, M.nameMissing),
        z.maxLength(WATER_POINT_LIMITS.name, M.nameTooLong),
        z.refine(isStorableText, M.invalidText),
      ),
  ),
  latitude: decimal(M.latitudeInvalid, (value) => value >= -90 && value <= 90),
  longitude: decimal(M.longitudeInvalid, (value) => value >= -180 && value <= 180),
  water_source: optionalText(),
  water_tech: optionalText(),
  status_id: z.pipe(z.transform(statusIdOf), z.enum(WATER_POINT_STATUS_IDS, { error: M.statusInvalid })),
  adm1: optionalText(),
  adm2: optionalText(),
  adm3: optionalText(),
  adm4: optionalText(),
  install_year: z.pipe(
    z.transform((value: unknown) => {
      const blank = blankToNull(value);
      if (blank === null) return null;
      const text = typeof blank === "number" ? String(blank) : typeof blank === "string" ? blank.trim() : "";
      return /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
    }),
    z.nullable(
      z
        .number({ error: M.installYearInvalid })
        .check(
          z.gte(WATER_POINT_LIMITS.minYear, M.installYearInvalid),
          z.lte(WATER_POINT_LIMITS.maxYear, M.installYearInvalid),
        ),
    ),
  ),
  management: optionalText(),
});
export type WaterPointFields = z.output<typeof waterPointFieldsSchema>;

/** The code painted on the point (WPDx's wpdx_id): unique whatever its case. */
export const waterPointCodeInputSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value)),
  z
    .string({ error: M.codeMissing })
    .check(z.minLength(1, M.codeMissing), z.regex(WATER_POINT_CODE_PATTERN, M.codeInvalid)),
);

/** A new point, added by hand or as one imported row. */
export const newWaterPointSchema = z.extend(waterPointFieldsSchema, { code: waterPointCodeInputSchema });
export type NewWaterPoint = z.output<typeof newWaterPointSchema>;

/** A point as the console lists it: its columns, and whether (since when) it is retired. */
export const waterPointRecordSchema = z.object({
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  water_source: z.nullable(z.string()),
  water_tech: z.nullable(z.string()),
  status_id: z.enum(WATER_POINT_STATUS_IDS),
  adm1: z.nullable(z.string()),
  adm2: z.nullable(z.string()),
  adm3: z.nullable(z.string()),
  adm4: z.nullable(z.string()),
  install_year: z.nullable(z.number()),
  management: z.nullable(z.string()),
  retired_at: z.nullable(z.string()),
  updated_at: z.string(),
});
export type WaterPointRecord = z.output<typeof waterPointRecordSchema>;
