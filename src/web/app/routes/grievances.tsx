import { Suspense } from "react";
import { Await, useAsyncError, useLoaderData, useRevalidator } from "react-router";
import type { GrievanceListResponse } from "../../../shared/api-types.ts";
import { GrievanceFilters } from "../../features/grievances/components/grievance-filters.tsx";
import { GrievanceList, ListLoading } from "../../features/grievances/components/grievance-list.tsx";
import { ListError } from "../../features/grievances/components/list-error.tsx";
import { SubmittedPanelSlot } from "../../features/tracking/components/submitted-panel-slot.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import type { grievancesLoader } from "./grievances.loader.ts";

function ListLoadError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ListError error={error} onRetry={() => void revalidator.revalidate()} />;
}

export function GrievancesRoute() {
  useDocumentTitle("Grievance Reports");
  const { list, loadId } = useLoaderData<typeof grievancesLoader>();
  return (
    <div className="page">
      <h1>Grievance Reports</h1>
      <SubmittedPanelSlot />
      <GrievanceFilters />
      {/* A new boundary per load, so the loading text shows on every filter change and retry. */}
      <Suspense key={loadId} fallback={<ListLoading />}>
        <Await resolve={list} errorElement={<ListLoadError />}>
          {(data: GrievanceListResponse) => <GrievanceList data={data} />}
        </Await>
      </Suspense>
    </div>
  );
}
