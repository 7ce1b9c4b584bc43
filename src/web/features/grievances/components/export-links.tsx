import { exportPaths } from "#shared/api-paths.ts";
import { FEED_TITLES, exportSearchOf } from "#shared/exports/feed-links.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useFilterParams } from "#web/lib/use-filter-params.ts";

/**
 * "Download CSV" and "Atom feed" for the filters in the address, and the feed announced to browsers and feed
 * readers with `<link rel="alternate">` (React places it in the document's head; the server's HTML carries the same
 * one for readers without JavaScript, shared/exports/feed-links.ts). Modest links: most visitors
 * came to read reports, not to download them.
 */
export function ExportLinks() {
  const t = useT();
  const [params] = useFilterParams();
  const search = exportSearchOf(params);
  const feed = `${exportPaths.grievancesFeed}${search}`;
  return (
    <p className="export-links">
      <link rel="alternate" type="application/atom+xml" title={t(FEED_TITLES.grievances)} href={feed} />
      <a href={`${exportPaths.grievancesCsv}${search}`} download>
        {t("Download CSV")}
      </a>
      <a href={feed} type="application/atom+xml">
        {t("Atom feed")}
      </a>
    </p>
  );
}
