/**
 * Coordinates as text, a module of its own so that the web app's query strings (lib/query-string.ts, in its first
 * chunk) do without the rest of geo.ts, which exports these too (docs/decisions/012-a-light-first-load.md).
 */

/** Coordinates are stored with 6 decimals: about 11 cm, finer than any phone's fix. */
export const COORDINATE_DECIMALS = 6;

/** A visible area, as the list API's `bbox=minLon,minLat,maxLon,maxLat` names it (the order GeoJSON uses). */
export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export const roundCoordinate = (value: number): number => Number(value.toFixed(COORDINATE_DECIMALS));

export const formatBbox = (bbox: Bbox): string =>
  [bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat].map(roundCoordinate).join(",");
