import { L } from "./create-map.ts";

/**
 * The report map's icons: divIcons with inline SVG or text, so no image files and nothing the CSP (style-src 'self')
 * would refuse; colours and sizes come from reports-map.css by class.
 */

/** The pin's outline, shared with the legend under the map. */
export const PIN_PATH = "M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z";

const PIN_SVG = `<svg viewBox="0 0 24 32" width="26" height="34" aria-hidden="true" focusable="false"><path d="${PIN_PATH}"/><circle cx="12" cy="12" r="4.5"/></svg>`;

/** One report: the pin in its status's colour; `extraClass` marks e.g. hidden reports in the console. */
export function reportIcon(status: string, extraClass = ""): L.DivIcon {
  return L.divIcon({
    className: `reports-map__marker reports-map__marker--${status} ${extraClass}`.trim(),
    html: PIN_SVG,
    iconSize: [26, 34],
    iconAnchor: [13, 34],
  });
}

/** Size steps of a cluster: the more reports, the larger its disc (reports-map.css). */
function clusterSize(count: number): "small" | "medium" | "large" {
  if (count < 10) return "small";
  if (count < 100) return "medium";
  return "large";
}

const CLUSTER_PIXELS = { small: 34, medium: 42, large: 50 } as const;

/** A group of reports too close to tell apart at this zoom: a disc with their count. */
export function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  const pixels = CLUSTER_PIXELS[size];
  return L.divIcon({
    className: `reports-map__cluster reports-map__cluster--${size}`,
    // A number only: nothing of the reports' own text goes into HTML here.
    html: `<span aria-hidden="true">${String(Math.trunc(count))}</span>`,
    iconSize: [pixels, pixels],
    iconAnchor: [pixels / 2, pixels / 2],
  });
}
