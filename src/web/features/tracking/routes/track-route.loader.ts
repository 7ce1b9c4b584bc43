import type { LoaderFunctionArgs } from "react-router";
import { getTrackedGrievance } from "../api/tracking.ts";

// A module of its own, loaded beside the page's (router.tsx), as the list's and the details' loaders are: the
// request starts as soon as this small chunk arrives.

/** Starts the request at once; the page says it is loading until the answer arrives. */
export function trackLoader({ params, request }: LoaderFunctionArgs) {
  const tracked = getTrackedGrievance(params.token ?? "", request.signal);
  tracked.catch(() => undefined);
  return { tracked, token: params.token ?? "" };
}
