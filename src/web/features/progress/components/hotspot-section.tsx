import { lazy, Suspense, useId } from "react";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getHotspots } from "../api/hotspots-api.ts";
import { FigureTable } from "./chart-block.tsx";
import type { ChartLocale } from "./chart-locale.ts";

// Leaflet and the map's CSS come with this chunk, only once the statistics are on screen.
const HotspotMap = lazy(() => import("./hotspot-map.tsx"));

/** The table's rows: the busiest cells, by their centre. */
const TABLE_ROWS = 10;

const readHotspots = (_key: string, signal: AbortSignal) => getHotspots(signal);

const coordinate = (value: number) => value.toFixed(3);

/**
 * Where reports came from: the last twelve weeks' pinned reports counted per square of about 500 m, on a map, with
 * the busiest squares in a table. Read on its own (GET /api/stats/hotspots), so the figures above never wait for it.
 */
export function HotspotSection({ locale }: { locale: ChartLocale }) {
  const t = useT();
  const describedBy = useId();
  const read = useApiData("stats-hotspots", readHotspots);
  const title = t("Where reports came from in the last twelve weeks");
  let body;
  if (read.state === "failed") body = <p className="muted">{t("The map of reports could not be loaded.")}</p>;
  else if (read.state !== "loaded") body = <p className="muted">{t("Loading statistics...")}</p>;
  else if (read.data.cells.length === 0)
    body = <p className="muted">{t("No report with a pin in the last twelve weeks.")}</p>;
  else {
    const half = read.data.cellDegrees / 2;
    body = (
      <>
        <Suspense fallback={<p className="muted">{t("Loading statistics...")}</p>}>
          <HotspotMap hotspots={read.data} label={title} describedBy={describedBy} />
        </Suspense>
        <details className="stats-chart-block__table">
          <summary>{t("The figures as a table")}</summary>
          <FigureTable
            caption={t("The busiest areas")}
            columns={[t("Centre of the area (latitude, longitude)"), t("Reports")]}
            rows={read.data.cells
              .slice(0, TABLE_ROWS)
              .map((c) => [
                `${coordinate(c.latitude + half)}, ${coordinate(c.longitude + half)}`,
                locale.number(c.count),
              ])}
          />
        </details>
      </>
    );
  }
  return (
    <div className="stats-chart-block" data-testid="chart-hotspots" role="group" aria-labelledby="chart-hotspots-title">
      <h3 id="chart-hotspots-title" className="stats-chart-block__title">
        {title}
      </h3>
      <p id={describedBy} className="muted stats-chart-block__lead">
        {t("Each square is about 500 metres across; the darker, the more reports.")}
      </p>
      {body}
    </div>
  );
}
