import { lazy, Suspense } from "react";
import type { RoutingAreasMapProps } from "./routing-areas-map.tsx";

// Leaflet and its CSS come with this chunk, only when a rule has an area.
const RoutingAreasMapChunk = lazy(() => import("./routing-areas-map.tsx"));

/** The rules' areas on a map, loaded on demand; nothing when no rule has an area. */
export function RoutingAreasMapSlot(props: RoutingAreasMapProps) {
  if (props.areas.length === 0) return null;
  return (
    <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
      <RoutingAreasMapChunk {...props} />
    </Suspense>
  );
}
