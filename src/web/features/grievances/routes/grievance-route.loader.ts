import type { LoaderFunctionArgs } from "react-router";
import { getGrievance } from "../api/grievances.ts";

// A module of its own, loaded beside the page's (router.tsx): the request starts as soon as this small chunk
// arrives, while the page's larger one is still downloading.

/** Starts the request and lets the page show "Loading grievance details..." until it answers. */
export function grievanceLoader({ params, request }: LoaderFunctionArgs) {
  const grievance = getGrievance(params.id ?? "", request.signal);
  grievance.catch(() => undefined);
  return { grievance, id: params.id ?? "" };
}
