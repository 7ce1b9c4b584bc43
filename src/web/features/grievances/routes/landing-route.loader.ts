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
  // The lower sections' chunk, asked for beside React's first render rather than once the page reaches them. Here
  // and not at a module's top level: the landing page's modules share a chunk with other pages
  // (scripts/vite-public-chunks.ts), and the list page fetched these sections for nothing.
  import("../components/landing-sections.tsx").catch(() => undefined);
  return { recent };
}
