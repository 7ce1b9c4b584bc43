import { apiPaths } from "#shared/api-paths.ts";
import type { ReverseGeocodeResponse, SimilarReportsResponse } from "#shared/api-types.ts";
import { isNullIsland, SIMILAR_TITLE_MIN_LENGTH, type LatLng } from "#shared/places/geo.ts";
import { WATER_POINT_CODE_PATTERN } from "#shared/water-points/report-water-point.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** What the form knows so far, for "Has someone already reported this?". */
export interface SimilarInput {
  category: string;
  title: string;
  pin: LatLng | null;
  /** The water point chosen on the form: its open reports come first (docs/decisions/040). */
  waterPoint?: string;
}

/**
 * The query string to ask with, or undefined while there is not enough to ask: a category, and a pin or a title
 * long enough to compare (similarQuerySchema).
 */
export function similarSearch(input: SimilarInput): string | undefined {
  const { category, title } = input;
  const trimmed = title.trim();
  const usableTitle = trimmed.length >= SIMILAR_TITLE_MIN_LENGTH ? trimmed : undefined;
  // A pin at 0,0 is refused (the group says why): nothing is near it.
  const pin = input.pin && !isNullIsland(input.pin) ? input.pin : null;
  // A code that cannot be one is not asked about: the field says so.
  const typed = input.waterPoint?.trim() ?? "";
  const waterPoint = WATER_POINT_CODE_PATTERN.test(typed) ? typed : undefined;
  if (!category || (!pin && !usableTitle && !waterPoint)) return undefined;
  return searchOf({
    category,
    latitude: pin?.latitude,
    longitude: pin?.longitude,
    title: usableTitle,
    water_point: waterPoint,
  });
}

export function findSimilar(search: string, signal: AbortSignal): Promise<SimilarReportsResponse> {
  return apiFetch<SimilarReportsResponse>(`${apiPaths.similarGrievances}${search}`, { signal });
}

/** The address of a pin, through the portal (GEOCODER_URL): the resident's place is not sent to a third party. */
export function reverseGeocode(pin: LatLng, signal: AbortSignal): Promise<ReverseGeocodeResponse> {
  return apiFetch<ReverseGeocodeResponse>(
    `${apiPaths.reverseGeocode}${searchOf({ latitude: pin.latitude, longitude: pin.longitude })}`,
    { signal },
  );
}
