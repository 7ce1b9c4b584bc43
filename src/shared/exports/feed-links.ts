import { INCIDENTS_PAGE_PATH, LIST_PAGE_PATH, exportPaths } from "../api-paths.ts";
import { msg } from "../i18n/locales.ts";

/** The list's filters that the exports take; paging and the List / Map choice are not among them. */
export const EXPORT_FILTERS = ["q", "category", "status", "priority", "bbox"] as const;

/**
 * The export filters of a list page's query ("?q=leak&status=open", or ""): the one spelling of a feed's and a CSV's
 * address, written by the browser's export links and by the server into the page's HTML, so both announce the
 * same feed.
 */
export function exportSearchOf(query: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const key of EXPORT_FILTERS) {
    const value = query.get(key)?.trim();
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The titles of the feeds each page announces with `<link rel="alternate">`. */
export const FEED_TITLES = {
  grievances: msg("Reports matching these filters (Atom)"),
  incidents: msg("Incidents feed (Atom)"),
} as const;

/** The Atom feed a public page announces, by its pathname and query; undefined for a page with none. */
export function pageFeedOf(pathname: string, search: string): { href: string; title: string } | undefined {
  if (pathname === LIST_PAGE_PATH) {
    return {
      href: `${exportPaths.grievancesFeed}${exportSearchOf(new URLSearchParams(search))}`,
      title: FEED_TITLES.grievances,
    };
  }
  if (pathname === INCIDENTS_PAGE_PATH) return { href: exportPaths.incidentsFeed, title: FEED_TITLES.incidents };
  return undefined;
}
