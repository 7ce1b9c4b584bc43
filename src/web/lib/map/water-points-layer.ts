import { useEffect, useRef } from "react";
import { apiPaths } from "#shared/api-paths.ts";
import type { WaterPointMap } from "#shared/api-schemas/water-point-registry.ts";
import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import { waterPointPagePath } from "#shared/water-points/water-point-paths.ts";
import { apiFetch } from "../api-fetch.ts";
import { t } from "../i18n/i18n.ts";
import { useLocale } from "../i18n/i18n-context.tsx";
import { searchOf } from "../query-string.ts";
import { L } from "./create-map.ts";
import { visibleBbox } from "./reports-map-view.ts";
import { WATER_POINT_STATUS_LABELS } from "#shared/water-points/report-water-point.ts";
import { waterPointClusterIcon, waterPointIcon } from "./water-points-icons.ts";
import "./water-points-layer.css";

/**
 * The water points as a layer of a map (docs/decisions/040-reporting-against-water-points.md): the points in service of
 * the visible area from GET /api/water-points (the server answers clusters where there are too many), loaded again
 * when the map comes to rest, coloured and marked by status. On the list's map a point opens a popup linking to its
 * page; on the form's map (`onChoose`) pressing a point chooses it.
 */

export interface MapWaterPoint {
  code: string;
  name: string;
  status: WaterPointStatus;
  latitude: number;
  longitude: number;
}

export interface WaterPointsLayerOptions {
  /** The form's: pressing a point chooses it, instead of opening its popup. */
  onChoose?: ((point: MapWaterPoint) => void) | undefined;
  /** The code of the point the form has chosen, ringed (any case). */
  chosen?: string | null | undefined;
}

/** Panning or zooming several times in a row asks once, when the map has come to rest. */
const RELOAD_DELAY_MS = 300;
/** A cluster pressed zooms in this many steps towards its points. */
const CLUSTER_ZOOM_STEPS = 2;

const loadPoints = (map: L.Map, signal: AbortSignal) =>
  apiFetch<WaterPointMap>(`${apiPaths.waterPoints}${searchOf({ bbox: visibleBbox(map) })}`, { signal });

/** Draws the water points of the view on `map` while it exists; the options are read whenever a point is drawn. */
export function useWaterPointsLayer(map: L.Map | null, options: WaterPointsLayerOptions): void {
  const latest = useRef(options);
  const locale = useLocale();
  const redraw = useRef<(() => void) | null>(null);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    let answer: WaterPointMap | null = null;
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = () => {
      // A point pressed with the keyboard is drawn anew (ringed once chosen): the focus stays on it.
      const focused = map.getContainer().querySelector<HTMLElement>("[data-code]:focus")?.dataset.code;
      layer.clearLayers();
      for (const feature of answer?.features ?? []) layer.addLayer(markerOf(map, feature, latest.current));
      if (focused)
        map
          .getContainer()
          .querySelector<HTMLElement>(`[data-code="${CSS.escape(focused)}"]`)
          ?.focus();
    };
    const reload = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      loadPoints(map, current.signal).then(
        (loaded) => {
          if (current.signal.aborted) return;
          answer = loaded;
          draw();
        },
        // Quietly: the points are a help on a map that works without them.
        (error: unknown) => {
          if (!current.signal.aborted) console.warn("Water points could not be loaded:", error);
        },
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DELAY_MS);
    };
    redraw.current = draw;
    reload();
    map.on("moveend", schedule);
    return () => {
      redraw.current = null;
      map.off("moveend", schedule);
      clearTimeout(timer);
      controller?.abort();
      layer.remove();
    };
  }, [map]);

  // Another chosen point, or another language: the same points drawn again.
  useEffect(() => {
    redraw.current?.();
  }, [options.chosen, locale]);
}

function markerOf(map: L.Map, feature: WaterPointMap["features"][number], options: WaterPointsLayerOptions): L.Marker {
  const [longitude, latitude] = feature.geometry.coordinates;
  const { properties } = feature;
  if ("cluster" in properties) {
    const marker = L.marker([latitude, longitude], { icon: waterPointClusterIcon(properties.count), keyboard: true });
    onActivate(marker, () => map.setView([latitude, longitude], map.getZoom() + CLUSTER_ZOOM_STEPS));
    // Not a plural message: a plural is compiled into the English texts every page's first load carries.
    const label = t("Water points here: {count}. Zoom in to see them.", { count: properties.count });
    marker.on("add", () => labelElement(marker, label, "water-point-cluster"));
    return marker;
  }
  const point: MapWaterPoint = { ...properties, latitude, longitude };
  const chosen = !!options.chosen && options.chosen.toUpperCase() === point.code.toUpperCase();
  const marker = L.marker([latitude, longitude], {
    icon: waterPointIcon(point.status, chosen),
    keyboard: true,
    riseOnHover: true,
    zIndexOffset: chosen ? 500 : 0,
  });
  const words = { name: point.name, code: point.code, status: t(WATER_POINT_STATUS_LABELS[point.status]) };
  const { onChoose } = options;
  if (onChoose) {
    onActivate(marker, () => onChoose(point));
    const label = chosen ? t("{name} ({code}), {status}: chosen", words) : t("Choose {name} ({code}), {status}", words);
    marker.on("add", () => labelElement(marker, label, "water-point-marker", point.code));
  } else {
    // Built as elements with their text as text (create-map.ts textElement's rule): the registry's names are data.
    // eslint-disable-next-line no-restricted-syntax
    marker.bindPopup(() => popupOf(point), { minWidth: 180 });
    onActivate(marker, () => undefined);
    marker.on("add", () => labelElement(marker, t("{name} ({code}), {status}", words), "water-point-marker"));
  }
  return marker;
}

/** The list's popup: the point's name, code and status in words, and a link to its page. */
function popupOf(point: MapWaterPoint): HTMLElement {
  const card = document.createElement("div");
  card.className = "water-point-popup";
  const name = document.createElement("strong");
  name.textContent = point.name;
  const details = document.createElement("p");
  details.textContent = `${point.code} · ${t(WATER_POINT_STATUS_LABELS[point.status])}`;
  const link = document.createElement("a");
  link.href = waterPointPagePath(point.code);
  link.textContent = t("Open this water point's page");
  card.append(name, details, link);
  return card;
}

/** A click, or Enter or Space on the focused marker (Leaflet gives a focusable marker no key handling). */
function onActivate(marker: L.Marker, activate: () => void) {
  marker.on("click", activate);
  marker.on("keydown", (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key !== "Enter" && key !== " ") return;
    event.originalEvent.preventDefault();
    if (marker.getPopup()) marker.openPopup();
    activate();
  });
}

function labelElement(marker: L.Marker, label: string, testId: string, code?: string) {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute("aria-label", label);
  element.dataset.testid = testId;
  if (code) element.dataset.code = code;
}
