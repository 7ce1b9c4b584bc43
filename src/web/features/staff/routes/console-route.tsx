import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { FilterDisclosure } from "#web/lib/list/filter-disclosure.tsx";
import { activeFilterCount, GrievanceFilters } from "#web/lib/list/grievance-filters.tsx";
import { ViewSwitch } from "#web/lib/list/view-switch.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { listViewOf } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getQueue } from "../api/staff-api.ts";
import { QueueExtraFilters } from "../components/queue-filters.tsx";
import { QueueTable } from "../components/queue-table.tsx";
import { BulkActions } from "../components/bulk-actions.tsx";
import { useQueueSelection } from "../components/queue-selection.tsx";
import { QueueViews } from "../components/queue-views.tsx";
import { StaffMapView } from "../components/staff-map-view.tsx";
import { staffQueueQueryFromSearchParams } from "../api/queue-query.ts";
import { withStaffSession } from "#web/lib/session-guard.ts";

/**
 * Awaited rather than streamed (unlike the public list): a 401 must become a redirect before anything of the
 * console renders. The layout's progress bar shows while a filter change reloads.
 */
export async function consoleLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // The map asks for its markers itself, by visible area (the layout has checked the session).
  if (listViewOf(params) === "map") return { view: "map" as const, queue: null };
  const query = staffQueueQueryFromSearchParams(params);
  return { view: "list" as const, queue: await withStaffSession(request, () => getQueue(query, request.signal)) };
}

export function ConsoleRoute() {
  const t = useT();
  useDocumentTitle(t("Staff console"));
  const data = useLoaderData<typeof consoleLoader>();
  const [searchParams] = useSearchParams();
  // Kept while paging and filtering: a bulk action may gather reports from several pages.
  const selection = useQueueSelection();
  return (
    <div className="page">
      <h1>{t("Work queue")}</h1>
      <p className="page__lead">
        {t("All reports, oldest open first unless sorted otherwise. Open one to change its status or hide it.")}
      </p>
      <FilterDisclosure activeCount={activeFilterCount(searchParams)}>
        <GrievanceFilters />
        <QueueExtraFilters />
      </FilterDisclosure>
      <QueueViews />
      <ViewSwitch />
      {data.view === "map" ? (
        <StaffMapView />
      ) : (
        <>
          <BulkActions selection={selection} />
          <QueueTable data={data.queue} selection={selection} />
        </>
      )}
    </div>
  );
}
