/**
 * Pages a page may start loading before the visitor goes there (the list, two seconds after the form accepted a
 * report), without importing the module that lists the pages: that module imports every page, so the page would
 * import it back. The route table (app/route-modules.ts) says how each is loaded; a page asks by name here
 * (docs/decisions/012-a-light-first-load.md).
 */
export type PreloadablePage = "list";

const loaders = new Map<PreloadablePage, () => Promise<unknown>>();

/** Called by the route table: how a page's chunks are fetched. */
export function registerPagePreload(page: PreloadablePage, load: () => Promise<unknown>): void {
  loaders.set(page, load);
}

/** Starts fetching a page's chunks; a failure is left to the navigation, which says so. */
export function preloadPage(page: PreloadablePage): void {
  void loaders
    .get(page)?.()
    .catch(() => undefined);
}
