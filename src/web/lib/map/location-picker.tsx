import { useEffect, useId, useRef, useState } from "react";
import type { MapSettings } from "#shared/api-types.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { isInsideArea } from "#shared/places/service-area.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { createMap, L, nameMap, pinIcon } from "./create-map.ts";
import { MapNotice } from "./map-notice.tsx";
import { useWaterPointsLayer, type WaterPointsLayerOptions } from "./water-points-layer.ts";
import { WaterPointsLegend } from "./water-points-legend.tsx";
import "./location-picker.css";

/**
 * The form's map (loaded lazily, with Leaflet): a click places the pin, the pin can be dragged, and with the keyboard
 * the arrow keys move the map under a cross-hair and a button places the pin at its centre. The pin itself lives in
 * the form; this only shows it and reports where the resident put it.
 */
export interface LocationPickerProps {
  settings: MapSettings;
  pin: LatLng | null;
  onPin: (pin: LatLng) => void;
  disabled?: boolean;
  /** The water points as a layer, pressing one choosing it (the report form: docs/decisions/040). */
  waterPoints?: WaterPointsLayerOptions | undefined;
}

/** Close enough to see the street, from a phone's fix or a click. */
const PIN_ZOOM = 17;

const latLngOf = (point: L.LatLng): LatLng => {
  // worldCopyJump lets the map wander past ±180°: the same place, written the standard way.
  const wrapped = point.wrap();
  return { latitude: wrapped.lat, longitude: wrapped.lng };
};

/** Whether the pin falls outside the service area (false when there is none). */
export const isOutsideServiceArea = (settings: MapSettings, pin: LatLng): boolean =>
  settings.serviceArea !== null && !isInsideArea(settings.serviceArea, pin);

export default function LocationPicker({ settings, pin, onPin, disabled = false, waterPoints }: LocationPickerProps) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const helpId = useId();
  // Leaflet's handlers are bound once; they call whatever the form passed last.
  const onPinRef = useRef(onPin);
  useEffect(() => {
    onPinRef.current = onPin;
  }, [onPin]);
  // The pin the map opens on, read once when the map is made (later pins arrive through the effect below).
  const initialPin = useRef(pin);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The map once made, for the layers drawn on it.
  const [leaflet, setLeaflet] = useState<L.Map | null>(null);
  useWaterPointsLayer(waterPoints ? leaflet : null, waterPoints ?? {});

  useEffect(() => {
    if (!element.current) return;
    // Named by the effect below, which runs after this one and again whenever the language changes.
    const created = createMap(element.current, settings, {
      label: "",
      describedBy: helpId,
      onTilesFailed: setTilesFailed,
    });
    const start = initialPin.current;
    if (start) created.setView([start.latitude, start.longitude], PIN_ZOOM);
    created.on("click", (event: L.LeafletMouseEvent) => onPinRef.current(latLngOf(event.latlng)));
    map.current = created;
    setLeaflet(created);
    return () => {
      created.remove();
      setLeaflet(null);
      map.current = null;
      marker.current = null;
    };
  }, [settings, helpId]);

  useEffect(() => {
    if (map.current) nameMap(map.current, { label: t(LOCATION_MESSAGES.formMapLabel), describedBy: helpId });
  }, [settings, helpId, t]);

  // The marker follows the form's pin; a pin placed from elsewhere (the phone's position) is brought into view.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const where = L.latLng(pin.latitude, pin.longitude);
    if (marker.current) {
      marker.current.setLatLng(where);
    } else {
      // keyboard: false — a focusable marker could not be moved with keys anyway; the centre button does that.
      const created = L.marker(where, { icon: pinIcon(), draggable: true, keyboard: false, autoPan: true });
      created.on("dragend", () => onPinRef.current(latLngOf(created.getLatLng())));
      created.addTo(current);
      marker.current = created;
    }
    if (!current.getBounds().contains(where)) current.setView(where, Math.max(current.getZoom(), PIN_ZOOM));
  }, [pin]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const handlers = [
      current.dragging,
      current.keyboard,
      current.scrollWheelZoom,
      current.doubleClickZoom,
      current.boxZoom,
    ];
    for (const handler of handlers) {
      if (disabled) handler.disable();
      else handler.enable();
    }
  }, [disabled]);

  const placeAtCentre = () => {
    if (map.current) onPin(latLngOf(map.current.getCenter()));
  };

  return (
    <div className="location-picker">
      <p className="hint" id={helpId}>
        {t(LOCATION_MESSAGES.mapHelp)}
      </p>
      <MapNotice text={tilesFailed ? t(LOCATION_MESSAGES.mapUnavailable) : undefined} />
      <div className="location-picker__frame">
        <div ref={element} className="map location-picker__map" data-testid="location-map" />
        {/* Where "Place the pin at the map centre" puts it: shown so keyboard users can aim. */}
        <span className="location-picker__crosshair" aria-hidden="true" />
      </div>
      <button
        type="button"
        className="button button--secondary location-picker__centre"
        onClick={placeAtCentre}
        disabled={disabled}
      >
        {t(LOCATION_MESSAGES.placePinAtCentre)}
      </button>
      {waterPoints && <WaterPointsLegend />}
    </div>
  );
}
