import { useCallback } from "react";
import type { StatsHotspots } from "../api/hotspots-api.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { L } from "#web/lib/map/create-map.ts";
import { StaticMap } from "#web/lib/map/static-map.tsx";

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
  const draw = useCallback(
    (map: L.Map) => {
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
    },
    [hotspots],
  );
  return (
    <StaticMap
      label={label}
      describedBy={describedBy}
      failedText={t("The map could not be loaded. The busiest areas are listed in the table.")}
      testId="hotspot-map"
      className="map map--small stats-hotspot-map"
      draw={draw}
    />
  );
}
