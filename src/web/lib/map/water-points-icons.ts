import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import { L } from "./create-map.ts";

/**
 * The water points' markers (docs/decisions/040-reporting-against-water-points.md): a tap's disc in its status's
 * colour, with a mark that says the status without the colour too (a tick, a cross, a question mark), so a point
 * reads the same in grey print and to a visitor who does not tell red from green. Inline SVG, styled by class
 * (water-points-layer.css): nothing the CSP would refuse.
 */

/** Each status's mark, drawn in white on the disc (24 × 24): its strokes, and a dot for the question mark. */
export const WATER_POINT_MARKS: Record<WaterPointStatus, { strokes: string; dot: boolean }> = {
  functional: { strokes: "M7 12.5l3.2 3.2L17 9", dot: false },
  "not-functional": { strokes: "M8 8l8 8M16 8l-8 8", dot: false },
  unknown: { strokes: "M9.5 9.5a2.6 2.6 0 1 1 3.6 2.4c-.8.4-1.1.9-1.1 1.7V14", dot: true },
};

/** The disc and its mark, for the map's markers (the legend draws the same marks as elements). */
function waterPointSvg(status: WaterPointStatus, pixels: number): string {
  const { strokes, dot } = WATER_POINT_MARKS[status];
  return `<svg viewBox="0 0 24 24" width="${pixels}" height="${pixels}" aria-hidden="true" focusable="false"><circle class="water-point-icon__disc" cx="12" cy="12" r="10.5"/><g class="water-point-icon__mark"><path d="${strokes}"/>${dot ? '<circle cx="12" cy="17" r=".6"/>' : ""}</g></svg>`;
}

/** One point; `chosen` rings the point the form has chosen. */
export function waterPointIcon(status: WaterPointStatus, chosen: boolean): L.DivIcon {
  const pixels = chosen ? 30 : 24;
  return L.divIcon({
    className: `water-point-icon water-point-icon--${status}${chosen ? " water-point-icon--chosen" : ""}`,
    html: waterPointSvg(status, pixels),
    iconSize: [pixels, pixels],
    iconAnchor: [pixels / 2, pixels / 2],
  });
}

/** Many points in one cell of the server's grid (too many to draw one by one): a square with their count. */
export function waterPointClusterIcon(count: number): L.DivIcon {
  const pixels = count < 100 ? 32 : count < 10_000 ? 40 : 48;
  return L.divIcon({
    className: "water-point-cluster",
    // A number only: nothing of the registry's own text goes into HTML here.
    html: `<span aria-hidden="true">${String(Math.trunc(count))}</span>`,
    iconSize: [pixels, pixels],
    iconAnchor: [pixels / 2, pixels / 2],
  });
}
