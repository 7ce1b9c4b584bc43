import type { GetManualChunk, ManualChunkMeta } from "rollup";

/** The public pages' route modules: those app/pages/ composes, and the features' own. */
const PUBLIC_PAGE =
  /\/src\/web\/(app\/pages|features\/(grievances|incidents|notifications|places|progress|tracking)\/routes)\//;
const LANDING_PAGE = /\/src\/web\/(app\/pages\/landing-page|features\/grievances\/routes\/landing-route)\./;

/**
 * Fewer chunks for the public pages (docs/decisions/012-a-light-first-load.md). Left to itself, Rollup makes a chunk
 * for every set of pages that shares a module: the form loaded 35 files, most of 1 to 2 kB, and over HTTP/1.1 a
 * phone fetches six at a time, each round trip delaying the first paint. Here the public pages' code from
 * src/shared/ and src/web/lib/ that the entry does not already hold is one chunk each ("shared", "lib"): a few kB
 * more for a page, against a dozen requests fewer. The entry's graph and the landing page's imports are named too
 * ("app", "landing"), since Rollup moves whatever a named chunk imports into it unless it is named already: the
 * first load of / stays as it was. Each page's own module, what loads later (maps, Leaflet, the photo viewer, each
 * language's texts), stylesheets and the console's code are split as Rollup splits them.
 */
export function publicChunks(): GetManualChunk {
  let groups: Map<string, string> | undefined;
  return (id, meta) => {
    groups ??= groupsOf(meta);
    return groups.get(id);
  };
}

function groupsOf({ getModuleIds, getModuleInfo }: ManualChunkMeta): Map<string, string> {
  const groups = new Map<string, string>();
  const staticImportsOf = (id: string) => getModuleInfo(id)?.importedIds ?? [];
  const closureOf = (roots: string[], into: Set<string> = new Set()) => {
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...staticImportsOf(id));
    }
    return into;
  };
  const claim = (roots: string[], name: string) => {
    for (const id of closureOf(roots)) {
      if (!groups.has(id) && !/\.css($|\?)/.test(id) && !id.includes("/i18n/catalogues/")) groups.set(id, name);
    }
  };
  const ids = [...getModuleIds()];
  claim(
    ids.filter((id) => getModuleInfo(id)?.isEntry),
    "app",
  );
  claim(ids.filter((id) => LANDING_PAGE.test(id)).flatMap(staticImportsOf), "landing");
  const publicCode = closureOf(ids.filter((id) => PUBLIC_PAGE.test(id)));
  const lazy = (id: string) => (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  claim(
    [...publicCode].filter((id) => /\/src\/shared\//.test(id)),
    "shared",
  );
  claim(
    [...publicCode].filter((id) => /\/src\/web\/lib\/(?!map\/)/.test(id) && !lazy(id)),
    "lib",
  );
  return groups;
}
