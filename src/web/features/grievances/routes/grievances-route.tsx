import { Suspense } from "react";
import { Await, useAsyncError, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { FilterDisclosure } from "../components/filter-disclosure.tsx";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { activeFilterCount, GrievanceFilters } from "../components/grievance-filters.tsx";
import { GrievanceList, ListLoading } from "../components/grievance-list.tsx";
import { ListError } from "../components/list-error.tsx";
import { GrievanceMapView } from "../components/grievance-map-view.tsx";
import { ExportLinks } from "../components/export-links.tsx";
import { ViewSwitch } from "../components/view-switch.tsx";
import { IncidentBannerSlot } from "#web/features/incidents/components/incident-banner-slot.tsx";
import { SubmittedPanelSlot } from "#web/features/tracking/components/submitted-panel-slot.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import type { grievancesLoader } from "./grievances-route.loader.ts";
import "#web/styles/content.css";

function ListLoadError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ListError error={error} onRetry={() => void revalidator.revalidate()} />;
}

export function GrievancesRoute() {
  const t = useT();
  useDocumentTitle(t("Grievance Reports"));
  const data = useLoaderData<typeof grievancesLoader>();
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>{t("Grievance Reports")}</h1>
      <IncidentBannerSlot />
      <SubmittedPanelSlot />
      <FilterDisclosure activeCount={activeFilterCount(searchParams)}>
        <GrievanceFilters />
      </FilterDisclosure>
      <div className="list-toolbar">
        <ViewSwitch />
        <ExportLinks />
      </div>
      {data.view === "map" ? (
        <GrievanceMapView />
      ) : (
        // A new boundary per load, so the loading text shows on every filter change and retry.
        <Suspense key={data.loadId} fallback={<ListLoading />}>
          <Await resolve={data.list} errorElement={<ListLoadError />}>
            {(list: GrievanceListResponse) => <GrievanceList data={list} />}
          </Await>
        </Suspense>
      )}
    </div>
  );
}
