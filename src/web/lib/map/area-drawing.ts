import { COORDINATE_DECIMALS, type LatLng } from "#shared/places/geo.ts";
import { msg } from "#shared/i18n/locales.ts";
import { INCIDENT_LIMITS, type IncidentArea } from "#shared/incidents/incidents.ts";

/**
 * The affected area as staff draw it on the declare form's map: a polygon (a vertex per click) or a circle (a
 * centre and a radius in metres). Kept apart from Leaflet so that the form, the map and the tests share one
 * definition of what a drawing becomes (incidentAreaSchema).
 */
export type DrawMode = "polygon" | "circle";

export interface Drawing {
  mode: DrawMode;
  /** The polygon's vertices, in the order they were clicked. */
  points: LatLng[];
  centre: LatLng | null;
  radiusMetres: number;
}

export const MIN_POLYGON_POINTS = 3;
export const DEFAULT_RADIUS_METRES = 500;

export const emptyDrawing = (mode: DrawMode = "polygon"): Drawing => ({
  mode,
  points: [],
  centre: null,
  radiusMetres: DEFAULT_RADIUS_METRES,
});

export const DRAW_MESSAGES = {
  tooFewPoints: msg("Add at least 3 points to draw the area, or clear the drawing."),
  radiusOutOfRange: msg("The radius must be between 50 and 50,000 metres."),
} as const;

const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

/** A map that wandered past ±180° gives the same place another longitude: written the standard way. */
const wrapLongitude = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;

/** GeoJSON's [longitude, latitude], 6 decimals like every stored coordinate. */
const position = (point: LatLng): [number, number] => [round(wrapLongitude(point.longitude)), round(point.latitude)];

/** Adds a vertex (or places the circle's centre), unless it repeats the last one or the polygon is full. */
export function addPoint(drawing: Drawing, point: LatLng): Drawing {
  if (drawing.mode === "circle") return { ...drawing, centre: point };
  const last = drawing.points.at(-1);
  if (last && position(last).join() === position(point).join()) return drawing;
  if (drawing.points.length >= INCIDENT_LIMITS.polygonVertices) return drawing;
  return { ...drawing, points: [...drawing.points, point] };
}

export const undoLastPoint = (drawing: Drawing): Drawing =>
  drawing.mode === "circle" ? { ...drawing, centre: null } : { ...drawing, points: drawing.points.slice(0, -1) };

export const clearDrawing = (drawing: Drawing): Drawing => ({ ...drawing, points: [], centre: null });

/** Whether staff have drawn anything yet (nothing drawn means "no area": the localities must then say where). */
export const isBlank = (drawing: Drawing): boolean =>
  drawing.mode === "polygon" ? drawing.points.length === 0 : drawing.centre === null;

/** A ring of at least three distinct vertices, closed (the first position repeated last), as GeoJSON wants. */
export function polygonArea(points: readonly LatLng[]): IncidentArea | null {
  const ring = points.map(position);
  if (ring.length < MIN_POLYGON_POINTS || ring.length > INCIDENT_LIMITS.polygonVertices) return null;
  const first = ring[0]!;
  return { type: "Polygon", coordinates: [[...ring, [first[0], first[1]]]] };
}

export function circleArea(centre: LatLng, radiusMetres: number): IncidentArea | null {
  if (!Number.isFinite(radiusMetres)) return null;
  if (radiusMetres < INCIDENT_LIMITS.minRadiusMetres || radiusMetres > INCIDENT_LIMITS.maxRadiusMetres) return null;
  return { type: "Circle", center: position(centre), radiusMetres: Math.round(radiusMetres) };
}

/** What the form sends: the area, null when nothing is drawn, or the message saying what is missing. */
export function areaOfDrawing(drawing: Drawing): { area: IncidentArea | null } | { problem: string } {
  if (isBlank(drawing)) return { area: null };
  if (drawing.mode === "polygon") {
    const area = polygonArea(drawing.points);
    return area ? { area } : { problem: DRAW_MESSAGES.tooFewPoints };
  }
  const area = circleArea(drawing.centre!, drawing.radiusMetres);
  return area ? { area } : { problem: DRAW_MESSAGES.radiusOutOfRange };
}

/** The "Localities" field: one per line, blank lines and repeats (ignoring case) left out. */
export function localitiesOf(text: string): string[] {
  const seen = new Set<string>();
  const localities: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const locality = line.trim().replace(/\s+/g, " ");
    const key = locality.toLocaleLowerCase();
    if (!locality || seen.has(key)) continue;
    seen.add(key);
    localities.push(locality);
  }
  return localities;
}

/** A `datetime-local` value ("2025-03-01T14:30", the browser's time zone) as an ISO instant; "" stays absent. */
export function instantOfLocal(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Now, as a `datetime-local` field shows it (local time, to the minute): the declare form's default start. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
