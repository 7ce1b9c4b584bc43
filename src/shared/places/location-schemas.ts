import { z } from "zod/mini";
import { FIELD_LIMITS } from "../domain.ts";
import { SIMILAR_TITLE_MIN_LENGTH } from "./geo.ts";
import {
  bboxSchema,
  bothOrNeither,
  categoryKeySchema,
  notNullIsland,
  grievanceListQuerySchema,
  latitudeSchema,
  longitudeSchema,
} from "../grievances/grievance-schema.ts";
import { LOCATION_MESSAGES } from "./location-messages.ts";
import { isStorableText } from "../storable-text.ts";
import { waterPointCodeSchema } from "../water-points/report-water-point.ts";

/** Queries and bodies of the place-related API (decision 016): the browser builds them, the server checks them. */

/**
 * GET /api/grievances/similar: a category, and a pin and/or a title (the form asks once it has them). A title too
 * short to compare is ignored rather than refused: the form sends what the resident has typed so far.
 */
export const similarQuerySchema = z
  .object({
    category: categoryKeySchema(),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    title: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(FIELD_LIMITS.title), z.refine(isStorableText)),
        z.transform((title: string) => (title.length >= SIMILAR_TITLE_MIN_LENGTH ? title : undefined)),
      ),
    ),
    // The water point chosen on the form: its open reports come first, whatever their category
    // (docs/decisions/040-reporting-against-water-points.md).
    water_point: waterPointCodeSchema,
  })
  .check(bothOrNeither, notNullIsland);
export type SimilarQuery = z.output<typeof similarQuerySchema>;

/** GET /api/grievances/map: the list's filters, within a visible area (required). */
export const mapQuerySchema = z.object({
  ...z.pick(grievanceListQuerySchema, { q: true, category: true, status: true, priority: true }).shape,
  bbox: bboxSchema(),
});
export type MapQuery = z.output<typeof mapQuerySchema>;

/**
 * POST /api/grievances/:id/affected: the browser's own random id (kept in its storage), so that one browser counts
 * once; only its hash is stored.
 */
export const affectedBodySchema = z.object({
  browserId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});
export type AffectedBody = z.output<typeof affectedBodySchema>;

/** GET /api/geocode/reverse: the address of a pin, when GEOCODER_URL is set. */
export const reverseGeocodeQuerySchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema }).check(
  z.refine((v) => v.latitude !== undefined && v.longitude !== undefined, {
    message: LOCATION_MESSAGES.coordinatesPair,
  }),
  notNullIsland,
);
