import { lazy, Suspense, type ComponentType } from "react";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import type { MapPoint } from "./reports-map-clusters.ts";
import type { ReportsMapProps } from "./reports-map.tsx";

export type { MarkerBatch, ReportsMapProps } from "./reports-map.tsx";

// Leaflet, supercluster and the map's CSS come with this chunk, only when a map view is shown.
const ReportsMapChunk = lazy(() => import("./reports-map.tsx"));

/** The reports map, loaded on demand; the text stands in while its chunk downloads. */
export function LazyReportsMap<M extends MapPoint>(props: ReportsMapProps<M>) {
  const t = useT();
  // React.lazy drops the type parameter: the chunk's component is the same generic one.
  const Chunk = ReportsMapChunk as unknown as ComponentType<ReportsMapProps<M>>;
  return (
    <Suspense
      fallback={
        <p className="reports-map__status" role="status">
          {t(LOCATION_MESSAGES.mapLoading)}
        </p>
      }
    >
      <Chunk {...props} />
    </Suspense>
  );
}
