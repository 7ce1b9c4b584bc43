import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { Bbox } from "#shared/places/geo.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { StaffMapMarker } from "#shared/staff/staff-api.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { MapCard } from "#web/lib/grievance-view/map-card.tsx";
import { LazyReportsMap } from "#web/lib/map/reports-map-lazy.tsx";
import { STATUS_LEGEND } from "#web/lib/map/reports-map-legend.ts";
import { getStaffMap } from "../api/staff-api.ts";
import { staffQueueQueryFromSearchParams } from "../api/queue-query.ts";
import { HiddenMarker } from "./markers.tsx";

const renderCard = (report: StaffMapMarker) => (
  <MapCard report={report} to={paths.staffGrievance(report.id)} flags={report.hidden && <HiddenMarker />} />
);
const markerStatus = (report: StaffMapMarker) => report.status;
// Labels are message ids: the map's legend translates them where it shows them.
const LEGEND = [...STATUS_LEGEND, { className: "reports-map__marker--hidden", label: msg("Hidden") }];
const markerClass = (report: StaffMapMarker) => (report.hidden ? "reports-map__marker--hidden" : undefined);

/** The work queue on a map: the console's filters, every report with a pin in the area, hidden ones marked. */
export function StaffMapView() {
  const t = useT();
  // Hidden is said in the name as well as drawn: a screen reader hears it, not only sees a grey pin.
  const markerLabel = useCallback(
    (report: StaffMapMarker) => (report.hidden ? t("{title} (hidden)", { title: report.title }) : report.title),
    [t],
  );
  const [params] = useSearchParams();
  // The filters as a string, so the loader changes (and the map reloads) only when a filter does.
  const filters = JSON.stringify(staffQueueQueryFromSearchParams(params));
  const load = useMemo(() => {
    const query = JSON.parse(filters) as ReturnType<typeof staffQueueQueryFromSearchParams>;
    return (bbox: Bbox, signal: AbortSignal) => getStaffMap(query, bbox, signal);
  }, [filters]);
  return (
    <LazyReportsMap
      load={load}
      renderCard={renderCard}
      markerLabel={markerLabel}
      markerStatus={markerStatus}
      markerClass={markerClass}
      label={t("Map of the reports matching the console's filters")}
      legend={LEGEND}
    />
  );
}
