import { getGrievances } from "../api/grievances.ts";

/** How many of the newest reports the landing page shows. */
export const RECENT_REPORTS = 3;

/**
 * The newest reports, requested without waiting: the landing page shows at once, and "Recent reports" fills in
 * when they arrive (or says it could not load them).
 */
export function landingLoader({ request }: { request: Request }) {
  const recent = getGrievances({ pageSize: RECENT_REPORTS }, request.signal);
  recent.catch(() => undefined);
  return { recent };
}
