import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import { distanceMetres, type Bbox, type LatLng } from "#shared/places/geo.ts";
import { INCIDENT_TYPE_CATEGORIES, type IncidentArea } from "#shared/incidents/incidents.ts";
import type { PublicIncident } from "./incident-repository.ts";

/**
 * Where an incident is (docs/decisions/021-incidents.md): is a pin inside its drawn area, does a location
 * text name one of its localities, does a subscriber's circle reach it. There are a handful of active incidents at a
 * time, so this is plain code over them, not SQL.
 */

/** A closed ring as turf and CAP want it: the first position repeated at the end when the drawing left it open. */
export function closedRing(ring: readonly (readonly [number, number])[]): [number, number][] {
  const copy = ring.map(([lon, lat]) => [lon, lat] as [number, number]);
  const first = copy[0];
  const last = copy[copy.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) copy.push([first[0], first[1]]);
  return copy;
}

/** A pin inside the drawn area, its edge included. */
export function pointInIncidentArea(area: IncidentArea, latitude: number, longitude: number): boolean {
  if (area.type === "Circle") {
    const [lon, lat] = area.center;
    return distanceMetres({ latitude, longitude }, { latitude: lat, longitude: lon }) <= area.radiusMetres;
  }
  return booleanPointInPolygon([longitude, latitude], {
    type: "Polygon",
    coordinates: [closedRing(area.coordinates[0])],
  });
}

const METRES_PER_DEGREE = 111_195;

/**
 * The distance from a pin to a segment, in metres, on a flat map centred on the pin: exact enough for areas of a
 * utility (at most 50 km across), where the curvature of the earth changes it by less than a metre per kilometre.
 */
function distanceToSegmentMetres(pin: LatLng, a: readonly [number, number], b: readonly [number, number]): number {
  const cosLat = Math.cos((pin.latitude * Math.PI) / 180);
  const toPlane = ([lon, lat]: readonly [number, number]) => ({
    x: (lon - pin.longitude) * cosLat * METRES_PER_DEGREE,
    y: (lat - pin.latitude) * METRES_PER_DEGREE,
  });
  const p = toPlane(a);
  const q = toPlane(b);
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const lengthSquared = dx * dx + dy * dy;
  // The nearest point of the segment to the origin (the pin), clamped to its ends.
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(p.x * dx + p.y * dy) / lengthSquared));
  return Math.hypot(p.x + t * dx, p.y + t * dy);
}

/**
 * Whether the circle of `radiusMetres` around a pin reaches the area: for a polygon, the pin is inside or one of
 * its edges is within the radius; for a circle, the two circles overlap (centres no further apart than both radii).
 */
export function circleIntersectsArea(
  area: IncidentArea,
  latitude: number,
  longitude: number,
  radiusMetres: number,
): boolean {
  const pin = { latitude, longitude };
  if (area.type === "Circle") {
    const [lon, lat] = area.center;
    return distanceMetres(pin, { latitude: lat, longitude: lon }) <= area.radiusMetres + radiusMetres;
  }
  if (pointInIncidentArea(area, latitude, longitude)) return true;
  const ring = closedRing(area.coordinates[0]);
  for (let i = 0; i + 1 < ring.length; i++) {
    if (distanceToSegmentMetres(pin, ring[i]!, ring[i + 1]!) <= radiusMetres) return true;
  }
  return false;
}

/** The box around an area, for reading the pins inside it through the GiST index on `position`. */
export function areaBbox(area: IncidentArea): Bbox {
  if (area.type === "Polygon") {
    const lons = area.coordinates[0].map(([lon]) => lon);
    const lats = area.coordinates[0].map(([, lat]) => lat);
    return {
      minLon: Math.min(...lons),
      minLat: Math.min(...lats),
      maxLon: Math.max(...lons),
      maxLat: Math.max(...lats),
    };
  }
  const [lon, lat] = area.center;
  const dLat = area.radiusMetres / METRES_PER_DEGREE;
  // Near the poles a degree of longitude shrinks to nothing: the whole circle of longitudes then.
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const dLon = cosLat < 1e-6 ? 180 : area.radiusMetres / (METRES_PER_DEGREE * cosLat);
  return {
    minLon: Math.max(-180, lon - dLon),
    minLat: Math.max(-90, lat - dLat),
    maxLon: Math.min(180, lon + dLon),
    maxLat: Math.min(90, lat + dLat),
  };
}

/**
 * Text compared as people write place names: case, accents and punctuation set aside ("São Tomé-Norte" and
 * "sao tome norte" are the same words).
 */
export function normalisePlace(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Does the text name the locality, as whole words ("Old Town" is in "near the well, old town", not in "Old Townsend")? */
export function textNamesLocality(text: string, locality: string): boolean {
  const words = normalisePlace(locality);
  if (words === "") return false;
  return ` ${normalisePlace(text)} `.includes(` ${words} `);
}

export const sameLocality = (a: string, b: string): boolean => {
  const left = normalisePlace(a);
  return left !== "" && left === normalisePlace(b);
};

export interface IncidentMatchQuery {
  latitude?: number | undefined;
  longitude?: number | undefined;
  location?: string | undefined;
  category?: string | undefined;
}

export type MatchReason = "area" | "locality" | "category";

const REASON_ORDER: Record<MatchReason, number> = { area: 0, locality: 1, category: 2 };

/**
 * The active incidents a report being written probably belongs to, and why: its pin is inside the drawn area,
 * else its location text names one of the localities, else its category is one the incident's type covers.
 *
 * A category alone is weaker evidence, so it only counts when (1) nothing placed the report in any incident (a
 * report placed in one incident is not also "probably" part of another because of its category), and (2) the
 * report's pin does not put it outside the incident's drawn area. Area matches come first, then localities, then
 * categories; within a reason, the order given (the newest first).
 */
export function matchIncidents(
  active: readonly PublicIncident[],
  query: IncidentMatchQuery,
): { incident: PublicIncident; reason: MatchReason }[] {
  const pin =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  const location = query.location?.trim() ?? "";
  const placed: { incident: PublicIncident; reason: MatchReason }[] = [];
  const unplaced: PublicIncident[] = [];
  for (const incident of active) {
    if (pin && incident.area && pointInIncidentArea(incident.area, pin.latitude, pin.longitude)) {
      placed.push({ incident, reason: "area" });
    } else if (location !== "" && incident.localities.some((locality) => textNamesLocality(location, locality))) {
      placed.push({ incident, reason: "locality" });
    } else {
      unplaced.push(incident);
    }
  }
  if (placed.length > 0) return placed.sort((a, b) => REASON_ORDER[a.reason] - REASON_ORDER[b.reason]);
  if (!query.category) return [];
  const category = query.category;
  return (
    unplaced
      .filter((incident) => INCIDENT_TYPE_CATEGORIES[incident.type].includes(category))
      // A pin outside the drawn area says where the problem is: elsewhere.
      .filter((incident) => !(pin && incident.area))
      .map((incident) => ({ incident, reason: "category" as const }))
  );
}

/** Whom alerts go to: a pin and a radius, or a locality (incident_subscriptions). */
export type SubscriptionArea =
  | { latitude: number; longitude: number; radiusMetres: number; locality?: null | undefined }
  | { locality: string; latitude?: null | undefined; longitude?: null | undefined; radiusMetres?: null | undefined };

/**
 * Does an incident concern a subscriber? A pin-and-radius subscription: when its circle reaches the drawn area
 * (an incident named only by localities has no shape to compare with, so it reaches none). A locality
 * subscription: when the incident names that locality (case and accents aside), or the locality's name appears as
 * whole words in one of the incident's localities ("Riverside" in "Riverside North"). A drawn area without
 * localities reaches no locality subscriber: the portal has no gazetteer to place a locality's name on the map.
 */
export function subscriptionMatches(
  subscription: SubscriptionArea,
  incident: Pick<PublicIncident, "area" | "localities">,
): boolean {
  if (typeof subscription.locality === "string") {
    const locality = subscription.locality;
    return incident.localities.some((named) => sameLocality(named, locality) || textNamesLocality(named, locality));
  }
  const { latitude, longitude, radiusMetres } = subscription;
  if (latitude == null || longitude == null || radiusMetres == null || !incident.area) return false;
  return circleIntersectsArea(incident.area, latitude, longitude, radiusMetres);
}
