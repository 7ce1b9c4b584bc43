import { useEffect, useRef, useState } from "react";
import type { IncidentArea } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { createMap, L, textElement } from "#web/lib/map/create-map.ts";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import { MapNotice } from "#web/lib/map/map-notice.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";

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
 * The affected areas, drawn as they were declared (polygons and circles), the view fitted to them. Like the
 * details page's pin map it does not trap a phone's scrolling. Loaded lazily with Leaflet (incident-area-map-slot.tsx).
 */
export default function IncidentAreaMap({ areas, label, describedBy }: IncidentAreaMapProps) {
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
    const group = L.featureGroup(
      // The title as text, never as markup (textElement).
      areas.map(({ title, area }) => layerOf(area).bindTooltip(textElement(title), { sticky: true })),
    ).addTo(map);
    if (areas.length > 0) map.fitBounds(group.getBounds(), { padding: [16, 16], maxZoom: 16 });
    return () => {
      map.remove();
    };
  }, [settings, areas, label, describedBy, t]);

  const failed = t("The map could not be loaded. The affected localities are listed in words.");
  if (read.state === "failed") return <p className="muted">{failed}</p>;
  return (
    <>
      <MapNotice text={tilesFailed ? failed : undefined} />
      <div ref={element} className="map map--small" data-testid="incident-map" />
    </>
  );
}
