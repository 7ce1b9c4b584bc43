import { useEffect, useRef } from "react";
import type { Bbox } from "#shared/places/geo.ts";
import { t } from "../i18n/i18n.ts";
import { useLocale } from "../i18n/i18n-context.tsx";
import { L } from "./create-map.ts";
import type { MapPoint, Placed } from "./reports-map-clusters.ts";
import { clusterIcon, reportIcon } from "./reports-map-icons.ts";
import { visibleBbox } from "./reports-map-view.ts";

/** A marker was activated: its report's card is to open, and focus go back to `returnFocus` when it closes. */
export interface OpenCardRequest<M> {
  report: M;
  byKeyboard: boolean;
  returnFocus: HTMLElement | null;
}

interface MarkerLook<M> {
  markerLabel: (report: M) => string;
  markerStatus: (report: M) => string;
  markerClass?: (report: M) => string | undefined;
}

// A cluster holds two reports or more; the plural still lets each language word its count.
const clusterLabel = (count: number) =>
  t(
    "{count, plural, one {# report close together. Zoom in to see them.} other {# reports close together. Zoom in to see them.}}",
    {
      count,
    },
  );

/**
 * Draws the reports (or clusters) of the current view and redraws when the map comes to rest. Markers that stay are
 * kept rather than redrawn, so a focused marker keeps its focus and an open card its place while the map moves.
 */
export function useMarkerLayer<M extends MapPoint>(
  map: L.Map | null,
  placesAt: (bbox: Bbox, zoom: number) => Placed<M>[],
  look: MarkerLook<M>,
  openCard: (request: OpenCardRequest<M>) => void,
): void {
  // The latest look and callback, read when a marker is drawn or pressed, so new functions do not redraw everything.
  const latest = useRef({ look, openCard });
  useEffect(() => {
    latest.current = { look, openCard };
  });
  // Markers are named when drawn: a change of language draws them all again, with names in the new language.
  const locale = useLocale();
  const localeRef = useRef(locale);

  const placesRef = useRef(placesAt);
  const drawRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const drawn = new Map<string, L.Marker>();

    const draw = () => {
      const places = placesRef.current(visibleBbox(map), map.getZoom());
      const keyed = new Map(
        places.map((place) => [`${localeRef.current}|${keyOf(place, latest.current.look)}`, place]),
      );
      for (const [key, marker] of drawn) {
        if (!keyed.has(key)) {
          layer.removeLayer(marker);
          drawn.delete(key);
        }
      }
      for (const [key, place] of keyed) {
        if (drawn.has(key)) continue;
        const marker = markerFor(map, place, latest);
        drawn.set(key, marker);
        layer.addLayer(marker);
      }
    };

    drawRef.current = draw;
    map.on("moveend", draw);
    return () => {
      drawRef.current = null;
      map.off("moveend", draw);
      layer.remove();
    };
  }, [map]);

  useEffect(() => {
    placesRef.current = placesAt;
    localeRef.current = locale;
    drawRef.current?.();
  }, [map, placesAt, locale]);
}

/** A report's key changes with what its pin shows, so a report whose status changed is drawn again. */
function keyOf<M extends MapPoint>(place: Placed<M>, look: MarkerLook<M>): string {
  if (place.kind === "cluster") return place.key;
  return `${place.key}:${look.markerStatus(place.report)}:${look.markerClass?.(place.report) ?? ""}`;
}

function markerFor<M extends MapPoint>(
  map: L.Map,
  place: Placed<M>,
  latest: { current: { look: MarkerLook<M>; openCard: (request: OpenCardRequest<M>) => void } },
): L.Marker {
  if (place.kind === "cluster") {
    const marker = L.marker([place.latitude, place.longitude], { icon: clusterIcon(place.count), keyboard: true });
    onActivate(marker, (byKeyboard) => {
      map.setView([place.latitude, place.longitude], place.expansionZoom);
      // The cluster is gone after the zoom: keep a keyboard user on the map rather than on the page's start.
      if (byKeyboard) map.getContainer().focus();
    });
    marker.on("add", () => labelElement(marker, clusterLabel(place.count), "map-cluster"));
    return marker;
  }
  const { report } = place;
  const { look } = latest.current;
  const marker = L.marker([place.latitude, place.longitude], {
    icon: reportIcon(look.markerStatus(report), look.markerClass?.(report) ?? ""),
    keyboard: true,
    riseOnHover: true,
  });
  onActivate(marker, (byKeyboard) =>
    latest.current.openCard({ report, byKeyboard, returnFocus: marker.getElement() ?? null }),
  );
  marker.on("add", () => labelElement(marker, look.markerLabel(report), "map-marker"));
  return marker;
}

/**
 * A click, or Enter or Space on the focused marker. Leaflet makes a marker a focusable role="button" but gives it no
 * key handling, so a keyboard user could reach it and not press it.
 */
function onActivate(marker: L.Marker, activate: (byKeyboard: boolean) => void) {
  marker.on("click", () => activate(false));
  marker.on("keydown", (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key !== "Enter" && key !== " ") return;
    event.originalEvent.preventDefault();
    activate(true);
  });
}

/** A marker's accessible name (its div is a role="button" Leaflet made focusable) and a hook for the tests. */
function labelElement(marker: L.Marker, label: string, testId: string) {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute("aria-label", label);
  element.dataset.testid = testId;
}
