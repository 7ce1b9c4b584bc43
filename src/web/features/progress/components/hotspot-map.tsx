import { useEffect, useRef, useState } from "react";
import type { StatsHotspots } from "../api/hotspots-api.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { createMap, L } from "#web/lib/map/create-map.ts";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import { MapNotice } from "#web/lib/map/map-notice.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";

/** Four shades, from a few reports to the busiest cells (progress.css, `.hotspot--1` … `--4`). */
function shadeOf(count: number, highest: number): number {
  return Math.min(4, 1 + Math.floor((count / Math.max(1, highest)) * 4));
}

/**
 * The grid cells of the last twelve weeks' pinned reports, drawn as squares shaded by how many reports each holds,
 * on the portal's one Leaflet set-up (create-map.ts). Loaded lazily with Leaflet (hotspot-section.tsx); the table
 * beside it names the busiest cells in words.
 */
export default function HotspotMap({
  hotspots,
  label,
  describedBy,
}: {
  hotspots: StatsHotspots;
  label: string;
  describedBy: string;
}) {
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
    const highest = Math.max(0, ...hotspots.cells.map((c) => c.count));
    const size = hotspots.cellDegrees;
    const squares = hotspots.cells.map((cell) =>
      L.rectangle(
        [
          [cell.latitude, cell.longitude],
          [cell.latitude + size, cell.longitude + size],
        ],
        { className: `hotspot hotspot--${shadeOf(cell.count, highest)}`, interactive: false },
      ),
    );
    if (squares.length > 0) {
      const group = L.featureGroup(squares).addTo(map);
      map.fitBounds(group.getBounds(), { padding: [16, 16], maxZoom: 13 });
    }
    return () => {
      map.remove();
    };
  }, [settings, hotspots, label, describedBy]);

  const failed = t("The map could not be loaded. The busiest areas are listed in the table.");
  if (read.state === "failed") return <p className="muted">{failed}</p>;
  return (
    <>
      <MapNotice text={tilesFailed ? failed : undefined} />
      <div ref={element} className="map map--small stats-hotspot-map" data-testid="hotspot-map" />
    </>
  );
}
