import { useCallback } from "react";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { L, pinIcon } from "./create-map.ts";
import { StaticMap } from "./static-map.tsx";

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

/** A small map showing one report's pin (details pages). Loaded lazily (pin-map-slot.tsx). */
export default function PinMap({ latitude, longitude, label, describedBy }: PinMapProps) {
  const t = useT();
  const draw = useCallback(
    (map: L.Map) => {
      map.setView([latitude, longitude], PIN_ZOOM);
      L.marker([latitude, longitude], { icon: pinIcon(), interactive: false, keyboard: false }).addTo(map);
    },
    [latitude, longitude],
  );
  return (
    <StaticMap
      label={label}
      describedBy={describedBy}
      failedText={t(LOCATION_MESSAGES.pinMapFailed)}
      testId="pin-map"
      draw={draw}
    />
  );
}
