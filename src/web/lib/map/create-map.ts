import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapSettings } from "#shared/api-types.ts";
import { bboxOfArea } from "#shared/places/service-area.ts";
import { t } from "../i18n/i18n.ts";
import "./map.css";

/**
 * Leaflet, set up the one way every map of the portal uses it (docs/decisions/016-map-and-location.md). Only modules
 * loaded lazily import this file, so Leaflet never weighs on the first load of a page without a map.
 */

export interface CreateMapOptions {
  /** The map's accessible name, e.g. "Map of the report's location", in the visitor's language. */
  label: string;
  /** Id of an element describing how to use the map (announced with its name). */
  describedBy?: string;
  /**
   * Told whether the tiles of the view failed (true: none of them could be loaded) or came back (false), so the map
   * can say so in words (MapNotice): a grey box alone says nothing to the resident.
   */
  onTilesFailed?: (failed: boolean) => void;
}

/**
 * Leaflet writes a string given to a tooltip or a popup into the page as HTML (innerHTML): an incident's title
 * holding `<img onerror=…>` or `<meta http-equiv=refresh>` would run or send the visitor elsewhere. Text from people
 * goes in as an element holding it as text, shown exactly as typed. ESLint allows bindTooltip, bindPopup and
 * setContent only with this (eslint.config.js).
 */
export function textElement(text: string): HTMLElement {
  const span = document.createElement("span");
  span.textContent = text;
  return span;
}

export function createMap(element: HTMLElement, settings: MapSettings, options: CreateMapOptions): L.Map {
  const map = L.map(element, {
    // Arrow keys pan and +/- zoom while the map has focus: Leaflet's own keyboard handling.
    keyboard: true,
    keyboardPanDelta: 80,
    zoomSnap: 1,
    worldCopyJump: true,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  addTiles(map, settings, options.onTilesFailed);
  // An application: screen readers pass the arrow keys through to it instead of reading on.
  element.setAttribute("role", "application");
  nameMap(map, options);
  if (settings.serviceArea) {
    L.geoJSON(settings.serviceArea, { interactive: false, style: { className: "map-service-area" } }).addTo(map);
  }
  openOnHome(map, settings);
  return map;
}

/**
 * MAP_TILE_URL's tiles, or the portal's own from MAP_PMTILES_FILE (decision 028), whose reader comes in a chunk of
 * its own only for a portal that uses one.
 */
function addTiles(map: L.Map, settings: MapSettings, onTilesFailed: CreateMapOptions["onTilesFailed"]): void {
  const { pmtiles, attribution } = settings;
  if (!pmtiles) {
    // The page's own policy sends no Referer; a tile host is told the portal's address and nothing more: the OSM
    // tile policy asks for it, and a report's or a private link's path stays private (docs/map-tiles.md).
    const tiles = L.tileLayer(settings.tileUrl, { attribution, maxZoom: 19, referrerPolicy: "strict-origin" }).addTo(
      map,
    );
    if (onTilesFailed) watchTiles(tiles, onTilesFailed);
    return;
  }
  let removed = false;
  map.on("unload", () => (removed = true));
  import("./pmtiles-layer.ts").then(
    ({ pmtilesLayer }) => {
      if (removed) return;
      const tiles = pmtilesLayer(pmtiles, attribution);
      if (onTilesFailed) watchTiles(tiles, onTilesFailed);
      tiles.addTo(map);
    },
    (error: unknown) => {
      console.error("The map's tile reader could not be loaded:", error);
      if (!removed) onTilesFailed?.(true);
    },
  );
}

/**
 * A view whose every tile failed (no connection, a dead tile server) counts as failed, one with any tile drawn as
 * working: Leaflet fires `load` once each tile of the view has loaded or failed, and a view with a few missing tiles
 * at the edge of the world is not a broken map. Said again only when it changes.
 */
function watchTiles(layer: L.GridLayer, onTilesFailed: (failed: boolean) => void): void {
  let loaded = 0;
  let failed = 0;
  let said = false;
  layer.on("loading", () => {
    loaded = 0;
    failed = 0;
  });
  layer.on("tileload", () => (loaded += 1));
  layer.on("tileerror", () => (failed += 1));
  layer.on("load", () => {
    const now = failed > 0 && loaded === 0;
    if (now !== said) onTilesFailed(now);
    said = now;
  });
}

/**
 * The map's words in the active language: its name and description, what kind of thing it is, and the titles of
 * Leaflet's zoom buttons (English in Leaflet). Called when the map is made, and again when the language changes.
 */
export function nameMap(map: L.Map, { label, describedBy }: CreateMapOptions): void {
  const element = map.getContainer();
  element.setAttribute("aria-roledescription", t("map"));
  element.setAttribute("aria-label", label);
  if (describedBy) element.setAttribute("aria-describedby", describedBy);
  const buttons = [
    [".leaflet-control-zoom-in", t("Zoom in")],
    [".leaflet-control-zoom-out", t("Zoom out")],
  ] as const;
  for (const [selector, title] of buttons) {
    const button = element.querySelector(selector);
    button?.setAttribute("title", title);
    button?.setAttribute("aria-label", title);
  }
}

/** The service area when there is one, else MAP_DEFAULT_CENTER. */
export function openOnHome(map: L.Map, settings: MapSettings): void {
  if (settings.serviceArea) {
    const { minLat, minLon, maxLat, maxLon } = bboxOfArea(settings.serviceArea);
    map.fitBounds([
      [minLat, minLon],
      [maxLat, maxLon],
    ]);
  } else {
    map.setView([settings.center.latitude, settings.center.longitude], settings.center.zoom);
  }
}

/** The pin of one place (the form's, the details page's): an SVG drop, no image file, nothing inline-styled. */
export function pinIcon(): L.DivIcon {
  return L.divIcon({
    className: "map-pin",
    html: '<svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true" focusable="false"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z"/><circle cx="12" cy="12" r="4.5"/></svg>',
    iconSize: [28, 36],
    iconAnchor: [14, 36],
  });
}

export { L };
