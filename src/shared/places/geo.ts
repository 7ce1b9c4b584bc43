/**
 * Places on a report (docs/decisions/016-map-and-location.md): a pin is optional, the text location stays.
 * Both the form and the server use these limits and helpers.
 */

import type { Bbox } from "./coordinates.ts";

// Coordinates stored with 6 decimals, a visible area, and its text (coordinates.ts).
export { COORDINATE_DECIMALS, formatBbox, roundCoordinate, type Bbox } from "./coordinates.ts";

/** "Has someone already reported this?": open reports of the category within this distance of the pin... */
export const DUPLICATE_RADIUS_METRES = 250;
/** ...or with a title at least this similar (pg_trgm's similarity, 0 to 1)... */
export const SIMILAR_TITLE_THRESHOLD = 0.3;
/** ...at most this many, newest first. */
export const MAX_SIMILAR_REPORTS = 5;
/** A title shorter than this says too little to compare. */
export const SIMILAR_TITLE_MIN_LENGTH = 4;

/** The map view shows at most this many markers, the newest; above it the page says so and asks to zoom in. */
export const MAP_MARKER_CAP = 250;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** The service area (SERVICE_AREA_FILE): a GeoJSON polygon or multipolygon, [longitude, latitude] pairs. */
export type ServiceAreaGeometry =
  { type: "Polygon"; coordinates: number[][][] } | { type: "MultiPolygon"; coordinates: number[][][][] };

const DECIMAL = /^-?[0-9]{1,3}(\.[0-9]{1,20})?$/;

/** "12.5" → 12.5; anything but a plain decimal number (no exponent, no hex, no blank) → undefined. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

export const isLatitude = (value: number): boolean => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number): boolean => Number.isFinite(value) && value >= -180 && value <= 180;

/**
 * Latitude 0, longitude 0 ("Null Island", in the Gulf of Guinea): where a phone without a fix, a default value or a
 * swapped field puts a pin, never where a utility's pipe is. Compared as stored, to 6 decimals.
 */
export const isNullIsland = (point: LatLng): boolean =>
  Number(point.latitude.toFixed(6)) === 0 && Number(point.longitude.toFixed(6)) === 0;

/** "minLon,minLat,maxLon,maxLat" → a Bbox, or undefined when it is not four numbers in range with min ≤ max. */
export function parseBbox(text: string): Bbox | undefined {
  const parts = text.split(",").map(parseDecimal);
  if (parts.length !== 4 || parts.some((part) => part === undefined)) return undefined;
  const [minLon, minLat, maxLon, maxLat] = parts as [number, number, number, number];
  if (![minLon, maxLon].every(isLongitude) || ![minLat, maxLat].every(isLatitude)) return undefined;
  if (minLon > maxLon || minLat > maxLat) return undefined;
  return { minLon, minLat, maxLon, maxLat };
}

const EARTH_RADIUS_METRES = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}
