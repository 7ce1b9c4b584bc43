import type { z } from "zod/mini";
import type {
  affectedResponseSchema,
  grievanceImageSchema,
  grievanceListResponseSchema,
  grievanceMapResponseSchema,
  mapMarkerSchema,
  mapSettingsSchema,
  publicGrievanceSchema,
  reverseGeocodeResponseSchema,
  similarReportSchema,
  similarReportsResponseSchema,
} from "./api-schemas/grievances.ts";
import type { healthStatusSchema, livenessStatusSchema, storageStatusSchema } from "./api-schemas/status.ts";
import type { FieldErrors } from "./grievances/grievance-schema.ts";

/**
 * Shapes of the HTTP API's answers: the server builds them, the browser reads them. Each is derived from its
 * response schema in ./api-schemas/, which also serialises the answer and documents it (docs/api-conventions.md).
 */

export type GrievanceImage = z.output<typeof grievanceImageSchema>;
/** A grievance as the public sees it: contact details masked (docs/product-decisions.md D8). */
export type PublicGrievance = z.output<typeof publicGrievanceSchema>;
/** One report on the map view (GET /api/grievances/map): enough for its marker and its card. */
export type MapMarker = z.output<typeof mapMarkerSchema>;
export type GrievanceMapResponse = z.output<typeof grievanceMapResponseSchema>;
/** A possible duplicate shown while the form is filled in. */
export type SimilarReport = z.output<typeof similarReportSchema>;
export type SimilarReportsResponse = z.output<typeof similarReportsResponseSchema>;
export type AffectedResponse = z.output<typeof affectedResponseSchema>;
/** What the maps need (GET /api/map-settings): tiles, where to open, the service area. */
export type MapSettings = z.output<typeof mapSettingsSchema>;
export type ReverseGeocodeResponse = z.output<typeof reverseGeocodeResponseSchema>;
export type GrievanceListResponse = z.output<typeof grievanceListResponseSchema>;
export type StorageStatus = z.output<typeof storageStatusSchema>;
export type LivenessStatus = z.output<typeof livenessStatusSchema>;
export type HealthStatus = z.output<typeof healthStatusSchema>;

/** Every error answer of the API (./api-schemas/errors.ts). */
export interface ApiError {
  message: string;
  /** Each field's first problem: the report form's fields, or the fields of any request a route's schema refused. */
  fieldErrors?: FieldErrors | Record<string, string>;
  /** The request's id (X-Request-Id), for a resident to quote to support; absent when no server answered. */
  requestId?: string;
}
