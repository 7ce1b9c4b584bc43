import fs from "node:fs";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { isLatitude, isLongitude } from "#shared/places/geo.ts";

/**
 * SERVICE_AREA_FILE (docs/decisions/016-map-and-location.md): a GeoJSON Polygon or MultiPolygon, bare or as the one
 * geometry of a Feature or FeatureCollection. Read and checked once at start-up, so a broken file stops the start
 * with a message rather than letting every pin through (or none).
 */
export function readServiceArea(file: string): ServiceAreaGeometry {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseServiceArea(text);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** The geometry in a GeoJSON text; throws an Error saying what is wrong. */
export function parseServiceArea(text: string): ServiceAreaGeometry {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("is not valid JSON");
  }
  return geometryOf(json);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function geometryOf(json: unknown): ServiceAreaGeometry {
  if (!isObject(json)) throw new Error("is not a GeoJSON object");
  switch (json.type) {
    case "FeatureCollection": {
      const features = Array.isArray(json.features) ? json.features : [];
      if (features.length !== 1) {
        throw new Error(`holds ${features.length} features; it must hold exactly one, a Polygon or MultiPolygon`);
      }
      return geometryOf(features[0]);
    }
    case "Feature":
      if (!isObject(json.geometry)) throw new Error("has a Feature without a geometry");
      return geometryOf(json.geometry);
    case "Polygon":
      checkPolygon(json.coordinates, "the Polygon");
      return { type: "Polygon", coordinates: json.coordinates as number[][][] };
    case "MultiPolygon": {
      const polygons = json.coordinates;
      if (!Array.isArray(polygons) || polygons.length === 0) throw new Error("has a MultiPolygon without polygons");
      polygons.forEach((polygon, index) => checkPolygon(polygon, `polygon ${index + 1} of the MultiPolygon`));
      return { type: "MultiPolygon", coordinates: polygons as number[][][][] };
    }
    default:
      throw new Error(
        `is a ${typeof json.type === "string" ? json.type : "object without a type"}; it must be a Polygon or MultiPolygon (or a Feature holding one)`,
      );
  }
}

/** Rings of [longitude, latitude] positions in range, each closed and of at least four positions (RFC 7946 3.1.6). */
function checkPolygon(rings: unknown, what: string): void {
  if (!Array.isArray(rings) || rings.length === 0) throw new Error(`${what} has no rings`);
  rings.forEach((ring: unknown, index) => {
    const name = `ring ${index + 1} of ${what}`;
    if (!Array.isArray(ring) || ring.length < 4) throw new Error(`${name} needs at least four positions`);
    for (const position of ring as unknown[]) {
      if (!Array.isArray(position) || position.length < 2 || !position.every((n) => typeof n === "number")) {
        throw new Error(`${name} has a position that is not [longitude, latitude]`);
      }
      const [longitude, latitude] = position as [number, number];
      if (!isLongitude(longitude) || !isLatitude(latitude)) {
        throw new Error(`${name} has [${longitude}, ${latitude}] out of range (longitude first, then latitude)`);
      }
    }
    const first = ring[0] as number[];
    const last = ring.at(-1) as number[];
    if (first[0] !== last[0] || first[1] !== last[1])
      throw new Error(`${name} is not closed (its last position must equal its first)`);
  });
}
