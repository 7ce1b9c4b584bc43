import { lazy, Suspense } from "react";
import type { IncidentAreaMapProps } from "./incident-area-map.tsx";

// Leaflet and its CSS come with this chunk, only for incidents that have a drawn area.
const IncidentAreaMapChunk = lazy(() => import("./incident-area-map.tsx"));

/** The areas' map, loaded on demand; nothing at all when no incident has a drawn area (localities only). */
export function IncidentAreaMapSlot(props: IncidentAreaMapProps) {
  if (props.areas.length === 0) return null;
  return (
    <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
      <IncidentAreaMapChunk {...props} />
    </Suspense>
  );
}
