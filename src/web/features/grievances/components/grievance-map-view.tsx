import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { MapMarker } from "#shared/api-types.ts";
import type { Bbox } from "#shared/places/geo.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { LazyReportsMap } from "#web/lib/map/reports-map-lazy.tsx";
import { STATUS_LEGEND } from "#web/lib/map/reports-map-legend.ts";
import { getGrievanceMap } from "../api/grievance-map.ts";
import { listQueryFromSearchParams } from "#web/lib/list/list-query.ts";
import { MapCard } from "#web/lib/grievance-view/map-card.tsx";

const renderCard = (report: MapMarker) => <MapCard report={report} to={paths.grievance(report.id)} />;
const markerLabel = (report: MapMarker) => report.title;
const markerStatus = (report: MapMarker) => report.status;

/** The list's map view: the reports matching the page's filters, in the visible area. */
export function GrievanceMapView() {
  const t = useT();
  const [params] = useSearchParams();
  // Parsed as the list parses them, so a filter the server would refuse is left out here too.
  const { q, category, status, priority } = listQueryFromSearchParams(params);
  const load = useCallback(
    (bbox: Bbox, signal: AbortSignal) => getGrievanceMap({ q, category, status, priority }, bbox, signal),
    [q, category, status, priority],
  );
  return (
    <LazyReportsMap
      load={load}
      renderCard={renderCard}
      markerLabel={markerLabel}
      markerStatus={markerStatus}
      label={t("Map of the reports matching the filters")}
      legend={STATUS_LEGEND}
      waterPoints
    />
  );
}
