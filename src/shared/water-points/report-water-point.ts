import { z } from "zod/mini";
import { msg } from "../i18n/locales.ts";

/**
 * A report's water point as a resident names it: the code painted on it (WPDx's `wpdx_id`, e.g. WP-0412), in any
 * case (migrations/036: unique by upper(code)). The form, the submit, Open311's `address_id` and an SMS starting with
 * a code all name the point this way (docs/decisions/040-reporting-against-water-points.md).
 */

/** The codes migrations/036 allows: a letter or digit, then up to 63 letters, digits, `_`, `.` or `-`. */
export const WATER_POINT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const WATER_POINT_MESSAGES = {
  /** A code no point in service has: none was ever imported with it, or it was retired. */
  unknown: msg(
    "No water point in service has this code. Check the code painted on the point, or leave the field empty.",
  ),
};

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The form's `water_point` field: optional, trimmed; a text no code can be is refused with the same message as an
 * unknown code (which only the server can tell).
 */
export const waterPointCodeSchema = z.pipe(
  z.transform(blankToUndefined),
  z.optional(
    z
      .string({ error: WATER_POINT_MESSAGES.unknown })
      .check(z.trim(), z.regex(WATER_POINT_CODE_PATTERN, WATER_POINT_MESSAGES.unknown)),
  ),
);

/** A point's status in words, as its page says it: message ids, translated where shown. */
export const WATER_POINT_STATUS_LABELS: Record<"functional" | "not-functional" | "unknown", string> = {
  functional: msg("Working"),
  "not-functional": msg("Not working"),
  unknown: msg("Status unknown"),
};

/** Codes compare whatever their case: the one spelling used for that. */
export const sameWaterPointCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** The form offers at most this many points, nearest the pin first, none further than WATER_POINTS_NEAR_METRES. */
export const WATER_POINTS_NEAR_PIN = 8;
export const WATER_POINTS_NEAR_METRES = 2_000;
