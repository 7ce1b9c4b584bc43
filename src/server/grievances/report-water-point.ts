import type { NewGrievance } from "#shared/grievances/grievance-schema.ts";
import { WATER_POINT_MESSAGES } from "#shared/water-points/report-water-point.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { findWaterPointByCode } from "../water-points/report-water-point-repository.ts";

/**
 * A report naming a water point by its code (the form's `water_point`, Open311's `address_id`, an SMS's first word):
 * the point in service with that code, whatever its case, or a refusal on the field, before anything is stored.
 * Without a pin the report takes the point's position, and without a location its name and code
 * (docs/decisions/040-reporting-against-water-points.md).
 */
export async function attachWaterPoint(
  db: Queryable,
  input: NewGrievance,
): Promise<{ report: NewGrievance; waterPointId: string | null }> {
  if (!input.water_point) return { report: input, waterPointId: null };
  const point = await findWaterPointByCode(db, input.water_point);
  if (!point) throw new HttpError(400, WATER_POINT_MESSAGES.unknown, { water_point: WATER_POINT_MESSAGES.unknown });
  const pinned = input.latitude !== undefined && input.longitude !== undefined;
  return {
    report: {
      ...input,
      water_point: point.code,
      latitude: pinned ? input.latitude : point.latitude,
      longitude: pinned ? input.longitude : point.longitude,
      location: input.location ?? `${point.name} (${point.code})`,
    },
    waterPointId: point.id,
  };
}
