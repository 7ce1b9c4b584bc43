import { useEffect, useId, useRef, useState } from "react";
import type { MapSettings } from "#shared/api-types.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { createMap, L, nameMap } from "./create-map.ts";
import { MapNotice } from "./map-notice.tsx";
import type { Drawing } from "./area-drawing.ts";
import "./area-draw.css";

/**
 * The declare form's map (loaded lazily, with Leaflet): a click adds a vertex of the polygon or places the
 * circle's centre. With the keyboard, the arrow keys move the map under a cross-hair and a button adds the point
 * at its centre. The drawing itself lives in the form; this only shows it and reports the points.
 */
export interface AreaDrawMapProps {
  settings: MapSettings;
  drawing: Drawing;
  onPoint: (point: LatLng) => void;
  /** The map's accessible name; the incident form's when not given. */
  label?: string;
  /** Said when the tiles fail; the incident form's when not given. */
  tilesFailedText?: string;
}

const latLngOf = (point: L.LatLng): LatLng => {
  const wrapped = point.wrap();
  return { latitude: wrapped.lat, longitude: wrapped.lng };
};

/** A numbered dot per vertex: staff see the order they clicked in, and what "Undo last point" takes away. */
const vertexIcon = (index: number) =>
  L.divIcon({
    className: "area-draw__vertex",
    html: `<span>${index + 1}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });

export default function AreaDrawMap({ settings, drawing, onPoint, label, tilesFailedText }: AreaDrawMapProps) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const shapes = useRef<L.LayerGroup | null>(null);
  const helpId = useId();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onPointRef = useRef(onPoint);
  useEffect(() => {
    onPointRef.current = onPoint;
  }, [onPoint]);

  useEffect(() => {
    if (!element.current) return;
    const created = createMap(element.current, settings, {
      label: "",
      describedBy: helpId,
      onTilesFailed: setTilesFailed,
    });
    created.on("click", (event: L.LeafletMouseEvent) => onPointRef.current(latLngOf(event.latlng)));
    shapes.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      shapes.current = null;
    };
  }, [settings, helpId]);

  useEffect(() => {
    const name = label ?? t("Map for drawing the affected area");
    if (map.current) nameMap(map.current, { label: name, describedBy: helpId });
  }, [settings, helpId, t, label]);

  // The shapes are redrawn from the form's drawing on every change: a few dozen layers at most.
  useEffect(() => {
    const group = shapes.current;
    if (!group) return;
    group.clearLayers();
    const at = (point: LatLng) => L.latLng(point.latitude, point.longitude);
    const passive = { interactive: false, keyboard: false } as const;
    if (drawing.mode === "polygon") {
      const corners = drawing.points.map(at);
      if (corners.length >= 3) L.polygon(corners, { ...passive, className: "area-draw__shape" }).addTo(group);
      else if (corners.length === 2) L.polyline(corners, { ...passive, className: "area-draw__shape" }).addTo(group);
      corners.forEach((corner, index) => L.marker(corner, { ...passive, icon: vertexIcon(index) }).addTo(group));
    } else if (drawing.centre) {
      const centre = at(drawing.centre);
      if (drawing.radiusMetres > 0) {
        L.circle(centre, { ...passive, radius: drawing.radiusMetres, className: "area-draw__shape" }).addTo(group);
      }
      L.marker(centre, { ...passive, icon: vertexIcon(0) }).addTo(group);
    }
  }, [drawing, settings]);

  const addAtCentre = () => {
    if (map.current) onPoint(latLngOf(map.current.getCenter()));
  };

  return (
    <div className="area-draw">
      <p className="hint" id={helpId}>
        {drawing.mode === "polygon"
          ? t(
              "Click the map to add the corners of the area. With the keyboard: move the map with the arrow keys, then add the point under the cross.",
            )
          : t(
              "Click the map to place the centre of the circle. With the keyboard: move the map with the arrow keys, then place it under the cross.",
            )}
      </p>
      <MapNotice
        text={
          tilesFailed
            ? (tilesFailedText ??
              t("The map could not be loaded — you can still draw the area, or name the affected localities in words."))
            : undefined
        }
      />
      <div className="area-draw__frame">
        <div ref={element} className="map area-draw__map" data-testid="area-map" />
        <span className="area-draw__crosshair" aria-hidden="true" />
      </div>
      <button type="button" className="button button--secondary button--small area-draw__centre" onClick={addAtCentre}>
        {drawing.mode === "polygon" ? t("Add a point at the map centre") : t("Place the centre at the map centre")}
      </button>
    </div>
  );
}
