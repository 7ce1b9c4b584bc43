import { exportPaths } from "../../../../shared/api-paths.ts";
import { useT } from "../../../lib/i18n/i18n-context.tsx";
import { searchOf } from "../../../lib/query-string.ts";
import { useFilterParams } from "../../../lib/use-filter-params.ts";

/** The list's filters that the exports take; paging and the List / Map choice are not among them. */
const EXPORT_FILTERS = ["q", "category", "status", "priority", "bbox"] as const;

/**
 * "Download CSV" and "Atom feed" for the filters in the address, and the feed announced to browsers and feed
 * readers with `<link rel="alternate">` (React places it in the document's head). Modest links: most visitors
 * came to read reports, not to download them.
 */
export function ExportLinks() {
  const t = useT();
  const [params] = useFilterParams();
  const search = searchOf(Object.fromEntries(EXPORT_FILTERS.map((key) => [key, params.get(key)?.trim()])));
  const feed = `${exportPaths.grievancesFeed}${search}`;
  return (
    <p className="export-links">
      <link rel="alternate" type="application/atom+xml" title={t("Reports matching these filters (Atom)")} href={feed} />
      <a href={`${exportPaths.grievancesCsv}${search}`} download>
        {t("Download CSV")}
      </a>
      <a href={feed} type="application/atom+xml">
        {t("Atom feed")}
      </a>
    </p>
  );
}
