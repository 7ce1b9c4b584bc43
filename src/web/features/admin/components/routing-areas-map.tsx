import { useCallback } from "react";
import type { PolygonArea } from "#shared/teams/routing-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { L, textElement } from "#web/lib/map/create-map.ts";
import { StaticMap } from "#web/lib/map/static-map.tsx";

export interface RoutingAreasMapProps {
  /** The rules with an area, each with its number in the list (the order the rules apply in). */
  areas: { position: number; teamName: string; area: PolygonArea }[];
  /** Id of the list, which says the same in words. */
  describedBy: string;
}

/**
 * The routing rules' areas on one map, each labelled with its rule's number, the view fitted to them. Loaded lazily
 * with Leaflet (routing-areas-map-slot.tsx).
 */
export default function RoutingAreasMap({ areas, describedBy }: RoutingAreasMapProps) {
  const t = useT();
  const draw = useCallback(
    (map: L.Map) => {
      // Rules over the same area share one outline and one label ("1. North crew; 3. North crew").
      const byArea = new Map<string, { area: PolygonArea; labels: string[] }>();
      for (const { position, teamName, area } of areas) {
        const key = JSON.stringify(area.coordinates);
        const entry = byArea.get(key) ?? { area, labels: [] };
        entry.labels.push(`${position}. ${teamName}`);
        byArea.set(key, entry);
      }
      const group = L.featureGroup(
        [...byArea.values()].map(({ area, labels }) =>
          // GeoJSON writes [longitude, latitude]; Leaflet wants [latitude, longitude]; holes are the rings after the
          // first. The label is the rules' numbers and teams as text, never as markup (textElement).
          L.polygon(
            area.coordinates.map((ring) =>
              ring.map(([longitude, latitude]) => [latitude!, longitude!] as [number, number]),
            ),
            { className: "area-draw__shape" },
          ).bindTooltip(textElement(labels.join("; ")), {
            permanent: true,
            direction: "center",
            className: "routing-areas-map__label",
          }),
        ),
      ).addTo(map);
      if (areas.length > 0) map.fitBounds(group.getBounds(), { padding: [16, 16], maxZoom: 16 });
    },
    [areas],
  );
  return (
    <StaticMap
      label={t("Map of the routing rules' areas")}
      describedBy={describedBy}
      failedText={t("The map could not be loaded. The list below says what each rule covers.")}
      testId="routing-areas-map"
      className="map map--small routing-areas-map"
      draw={draw}
    />
  );
}
