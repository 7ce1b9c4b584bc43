import { useEffect, useRef, useState } from "react";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { createMap, L, pinIcon } from "./create-map.ts";
import { useApiData } from "../use-api-data.ts";
import { loadMapSettings } from "./map-settings-api.ts";
import { MapNotice } from "./map-notice.tsx";

export interface PinMapProps {
  latitude: number;
  longitude: number;
  /** The map's accessible name, in the visitor's language. */
  label: string;
  /** Id of the text giving the place in words (the coordinates), announced with the map. */
  describedBy?: string;
}

/** Close enough to see the street, far enough to see which one. */
const PIN_ZOOM = 16;

/**
 * A small map showing one report's pin (details pages). It must not trap a phone's scrolling: no scroll-wheel zoom,
 * and no one-finger dragging on touch screens (the zoom buttons and the keyboard still move it). Loaded lazily
 * (pin-map-slot.tsx).
 */
export default function PinMap({ latitude, longitude, label, describedBy }: PinMapProps) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const read = useApiData("map-settings", loadMapSettings);
  const settings = read.state === "loaded" ? read.data : undefined;
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!settings || !element.current) return;
    const map = createMap(element.current, settings, { label, describedBy, onTilesFailed: setTilesFailed });
    map.scrollWheelZoom.disable();
    if (L.Browser.mobile) map.dragging.disable();
    map.setView([latitude, longitude], PIN_ZOOM);
    L.marker([latitude, longitude], { icon: pinIcon(), interactive: false, keyboard: false }).addTo(map);
    return () => {
      map.remove();
    };
    // Made again in another language (`t` changes with it): a small map, cheap to redraw, and its controls' words follow.
  }, [settings, latitude, longitude, label, describedBy, t]);

  if (read.state === "failed") return <p className="muted">{t(LOCATION_MESSAGES.pinMapFailed)}</p>;
  return (
    <>
      <MapNotice text={tilesFailed ? t(LOCATION_MESSAGES.pinMapFailed) : undefined} />
      <div ref={element} className="map map--small" data-testid="pin-map" />
    </>
  );
}
