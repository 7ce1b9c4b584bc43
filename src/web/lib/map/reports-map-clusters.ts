import Supercluster from "supercluster";
import type { Bbox } from "#shared/places/geo.ts";

/** What the map needs of any report it shows (the public MapMarker, the console's marker). */
export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
}

/** What is drawn at one place: a report, or a cluster of several. */
export type Placed<M extends MapPoint> =
  | { kind: "report"; key: string; latitude: number; longitude: number; report: M }
  | { kind: "cluster"; key: string; latitude: number; longitude: number; count: number; expansionZoom: number };

// 60 px groups pins that would overlap or be too close to hit with a finger; above zoom 17 every pin stands alone.
const CLUSTER_RADIUS_PX = 60;
const CLUSTER_MAX_ZOOM = 17;

/** Groups the reports of one answer; `at` gives what to draw for a view. */
export function clusterReports<M extends MapPoint>(reports: readonly M[]) {
  const index = new Supercluster<{ index: number }>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    reports.map((report, i) => ({
      type: "Feature" as const,
      properties: { index: i },
      geometry: { type: "Point" as const, coordinates: [report.longitude, report.latitude] },
    })),
  );

  return function at(bbox: Bbox, zoom: number): Placed<M>[] {
    const features = index.getClusters([bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat], Math.round(zoom));
    return features.flatMap((feature): Placed<M>[] => {
      const [longitude = 0, latitude = 0] = feature.geometry.coordinates;
      const properties = feature.properties;
      if ("cluster" in properties && properties.cluster) {
        const count = properties.point_count;
        return [
          {
            kind: "cluster",
            // Keyed by place and size rather than supercluster's id, so an unchanged cluster keeps its element (and focus) across redraws.
            key: `c:${longitude.toFixed(6)},${latitude.toFixed(6)}:${count}`,
            latitude,
            longitude,
            count,
            expansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
          },
        ];
      }
      const report = reports[(properties as { index: number }).index];
      return report ? [{ kind: "report", key: `r:${report.id}`, latitude, longitude, report }] : [];
    });
  };
}
