import { lazy, Suspense } from "react";
import type { PinMapProps } from "./pin-map.tsx";

// Leaflet and its CSS come with this chunk, only for a report that has a pin.
const PinMapChunk = lazy(() => import("./pin-map.tsx"));

/** The pin map, loaded on demand; an empty box of the map's size holds its place meanwhile, so nothing jumps. */
export function PinMapSlot(props: PinMapProps) {
  return (
    <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
      <PinMapChunk {...props} />
    </Suspense>
  );
}
