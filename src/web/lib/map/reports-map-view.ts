import type { Bbox } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { t } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import type { L } from "./create-map.ts";

/** One answer of a map endpoint (GrievanceMapResponse, the console's): the markers and how many matched. */
export interface MarkerBatch<M> {
  markers: M[];
  matching: number;
  matchingCapped: boolean;
  cap: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The visible area as the API takes it. Leaflet's bounds can run past ±180° (a world copy, a zoomed-out phone) and
 * past the poles; the API refuses those, so they are cut to the one world.
 */
export function visibleBbox(map: L.Map): Bbox {
  const bounds = map.getBounds();
  return {
    minLon: clamp(bounds.getWest(), -180, 180),
    minLat: clamp(bounds.getSouth(), -90, 90),
    maxLon: clamp(bounds.getEast(), -180, 180),
    maxLat: clamp(bounds.getNorth(), -90, 90),
  };
}

/**
 * What the text beside the map says about the markers, in the active language: how many, or that only the newest
 * are shown, or none. Called while the map renders.
 */
export function mapStatusText(batch: MarkerBatch<unknown>): string {
  if (batch.markers.length === 0) return t(LOCATION_MESSAGES.mapEmpty);
  if (batch.matchingCapped || batch.matching > batch.markers.length)
    return translateText(LOCATION_MESSAGES.mapCapped(batch.cap));
  // A plural of its own rather than the shared English "report"/"reports": languages count in more forms than two.
  return t("{count, plural, one {Showing # report in this area.} other {Showing # reports in this area.}}", {
    count: batch.markers.length,
  });
}
