import { useCallback } from "react";
import type { IncidentArea } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { L, textElement } from "#web/lib/map/create-map.ts";
import { StaticMap } from "#web/lib/map/static-map.tsx";

export interface IncidentAreaMapProps {
  areas: { id: string; title: string; area: IncidentArea }[];
  /** The map's accessible name, in the visitor's language. */
  label: string;
  /** Id of the text naming the areas in words (the localities), announced with the map. */
  describedBy?: string;
}

function layerOf(area: IncidentArea): L.Path {
  const style = { className: "incident-area" };
  if (area.type === "Circle") {
    const [longitude, latitude] = area.center;
    return L.circle([latitude, longitude], { ...style, radius: area.radiusMetres });
  }
  // GeoJSON writes [longitude, latitude]; Leaflet wants [latitude, longitude].
  return L.polygon(
    area.coordinates[0].map(([longitude, latitude]) => [latitude, longitude] as [number, number]),
    style,
  );
}

/**
 * The affected areas, drawn as they were declared (polygons and circles), the view fitted to them. Loaded lazily
 * with Leaflet (incident-area-map-slot.tsx).
 */
export default function IncidentAreaMap({ areas, label, describedBy }: IncidentAreaMapProps) {
  const t = useT();
  const draw = useCallback(
    (map: L.Map) => {
      const group = L.featureGroup(
        // The title as text, never as markup (textElement).
        areas.map(({ title, area }) => layerOf(area).bindTooltip(textElement(title), { sticky: true })),
      ).addTo(map);
      if (areas.length > 0) map.fitBounds(group.getBounds(), { padding: [16, 16], maxZoom: 16 });
    },
    [areas],
  );
  return (
    <StaticMap
      label={label}
      describedBy={describedBy}
      failedText={t("The map could not be loaded. The affected localities are listed in words.")}
      testId="incident-map"
      draw={draw}
    />
  );
}
