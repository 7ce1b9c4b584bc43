import type { LoaderFunctionArgs } from "react-router";
import { getGrievances } from "../../features/grievances/api/grievances.ts";
import { listQueryFromSearchParams } from "../../features/grievances/list-query.ts";

// A module of its own, loaded beside the page's (router.tsx): the request starts as soon as this small chunk
// arrives, while the page's larger one is still downloading.

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
