import { Suspense } from "react";
import { Await, useAsyncError, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { GrievanceListResponse } from "../../../shared/api-types.ts";
import { getGrievances } from "../../features/grievances/api/grievances.ts";
import { GrievanceFilters } from "../../features/grievances/components/grievance-filters.tsx";
import { GrievanceList, ListLoading } from "../../features/grievances/components/grievance-list.tsx";
import { ListError } from "../../features/grievances/components/list-error.tsx";
import { listQueryFromSearchParams } from "../../features/grievances/list-query.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

let loadCount = 0;

/**
 * Reads the filters from the URL and starts the request without waiting for it: the page (and its filters)
 * shows at once and "Loading grievances..." stands in for the results until they arrive.
 */
export function grievancesLoader({ request }: LoaderFunctionArgs) {
  const query = listQueryFromSearchParams(new URL(request.url).searchParams);
  const list = getGrievances(query, request.signal);
  // Unobserved rejections of a superseded request must not surface as unhandled.
  list.catch(() => undefined);
  loadCount += 1;
  return { list, loadId: loadCount };
}

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
