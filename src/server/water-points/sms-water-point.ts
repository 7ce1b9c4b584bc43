import { WATER_POINT_CODE_PATTERN } from "#shared/water-points/report-water-point.ts";
import type { Queryable } from "../db/database.ts";
import { findWaterPointByCode } from "./report-water-point-repository.ts";

/**
 * An SMS report that starts with a water point's code ("WP-0412 no water since Monday", the sign on the point says
 * so) is about that point (docs/decisions/040-reporting-against-water-points.md). Only a first word with a digit in
 * it is looked up, and only a point in service counts: a word that merely looks like a code stays in the text, and
 * the message is still a report.
 */
export function leadingCode(text: string): string | undefined {
  const first =
    text
      .trim()
      .split(/\s+/, 1)[0]
      ?.replace(/[:,;.!?]+$/, "") ?? "";
  return /\d/.test(first) && WATER_POINT_CODE_PATTERN.test(first) ? first : undefined;
}

/** The code, as the registry spells it, of the point in service the message starts with, if any. */
export async function waterPointCodeOfSms(db: Queryable, text: string): Promise<string | undefined> {
  const code = leadingCode(text);
  return code ? (await findWaterPointByCode(db, code))?.code : undefined;
}
