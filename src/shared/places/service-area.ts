import turfBbox from "@turf/bbox";
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import type { MultiPolygon, Polygon } from "geojson";
import type { Bbox, LatLng, ServiceAreaGeometry } from "./geo.ts";

/**
 * The service area's geometry (SERVICE_AREA_FILE), apart from geo.ts so that only the maps and the server carry turf:
 * the form's and the list's chunks import geo.ts for its limits.
 */

/** Whether the point lies inside the area (holes excluded). */
export const isInsideArea = (area: ServiceAreaGeometry, point: LatLng): boolean =>
  booleanPointInPolygon([point.longitude, point.latitude], area as Polygon | MultiPolygon);

/** The smallest box holding the area: where the maps open when a service area is set. */
export function bboxOfArea(area: ServiceAreaGeometry): Bbox {
  const [minLon, minLat, maxLon, maxLat] = turfBbox(area as Polygon | MultiPolygon);
  return { minLon, minLat, maxLon, maxLat };
}
