import { Suspense, type ReactNode } from "react";
import { Await, useAsyncError, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { FilterDisclosure } from "#web/lib/list/filter-disclosure.tsx";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { activeFilterCount, GrievanceFilters } from "#web/lib/list/grievance-filters.tsx";
import { GrievanceList, ListLoading } from "../components/grievance-list.tsx";
import { ListError } from "../components/list-error.tsx";
import { GrievanceMapView } from "../components/grievance-map-view.tsx";
import { ExportLinks } from "../components/export-links.tsx";
import { ViewSwitch } from "#web/lib/list/view-switch.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import type { grievancesLoader } from "./grievances-route.loader.ts";
import "#web/styles/content.css";

function ListLoadError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ListError error={error} onRetry={() => void revalidator.revalidate()} />;
}

/**
 * `banner`: the active incidents' banner; `submitted`: the panel about a report just submitted. Both handed in by the
 * app (app/pages/list-page.tsx).
 */
export function GrievancesRoute({ banner, submitted }: { banner: ReactNode; submitted: ReactNode }) {
  const t = useT();
  useDocumentTitle(t("Grievance Reports"));
  const data = useLoaderData<typeof grievancesLoader>();
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>{t("Grievance Reports")}</h1>
      {data.view === "map" ? (
        banner
      ) : (
        // Once the list has come (or failed): the banner's chunk, stylesheet and request then do not compete with the
        // list's own, whose first photo is what a phone waits for (docs/decisions/012-a-light-first-load.md).
        <Suspense fallback={null}>
          <Await resolve={data.list} errorElement={banner}>
            {() => banner}
          </Await>
        </Suspense>
      )}
      {submitted}
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
