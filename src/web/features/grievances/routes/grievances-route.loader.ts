import type { LoaderFunctionArgs } from "react-router";
import { getGrievances } from "../api/grievances.ts";
import { listQueryFromSearchParams } from "#web/lib/list/list-query.ts";
import { listViewOf } from "#web/lib/paths.ts";

// A module of its own, loaded beside the page's (router.tsx): the request starts as soon as this small chunk
// arrives, while the page's larger one is still downloading.

let loadCount = 0;

/**
 * Reads the filters from the URL and starts the request without waiting for it: the page (and its filters)
 * shows at once and "Loading grievances..." stands in for the results until they arrive.
 */
export function grievancesLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  loadCount += 1;
  // The map view asks for its own markers, by visible area: no list to load.
  if (listViewOf(params) === "map") return { view: "map" as const, list: null, loadId: loadCount };
  const query = listQueryFromSearchParams(params);
  const list = getGrievances(query, request.signal);
  // Unobserved rejections of a superseded request must not surface as unhandled.
  list.catch(() => undefined);
  return { view: "list" as const, list, loadId: loadCount };
}
