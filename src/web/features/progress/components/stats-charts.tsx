import { useMemo } from "react";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { FixedAnswersChart, IncidentCharts } from "./answer-incident-charts.tsx";
import { chartLocale } from "./chart-locale.ts";
import { HotspotSection } from "./hotspot-section.tsx";
import { BacklogChart, WithinTargetCharts } from "./target-charts.tsx";
import { ReceivedResolvedChart, ReopenedChart, ResolutionTimeChart } from "./trend-charts.tsx";
import "./stats-charts.css";

/**
 * The statistics' charts (docs/decisions/027-statistics-charts.md), in sections a manager reads from the top: what
 * came in and went out, how fast, what is waiting, where, what residents said, and the incidents.
 */
export function StatsCharts({ trends }: { trends: PublicStats["trends"] }) {
  const t = useT();
  const language = useLocale();
  const locale = useMemo(() => chartLocale(language), [language]);
  return (
    <>
      <section className="card stats__section" aria-labelledby="stats-flow-heading" data-testid="stats-flow">
        <h2 id="stats-flow-heading">{t("The last twelve weeks")}</h2>
        <div className="stats__charts">
          <ReceivedResolvedChart weeks={trends.weeks} locale={locale} />
          <ResolutionTimeChart trends={trends} locale={locale} />
          <ReopenedChart weeks={trends.weeks} locale={locale} />
          <FixedAnswersChart answers={trends.fixedAnswers} locale={locale} />
        </div>
      </section>
      <section className="card stats__section" aria-labelledby="stats-targets-heading" data-testid="stats-targets">
        <h2 id="stats-targets-heading">{t("Against the targets")}</h2>
        <div className="stats__charts">
          <BacklogChart backlog={trends.backlog} locale={locale} />
          <WithinTargetCharts trends={trends} locale={locale} />
        </div>
      </section>
      <section className="card stats__section" aria-labelledby="stats-places-heading">
        <h2 id="stats-places-heading">{t("Where")}</h2>
        <HotspotSection locale={locale} />
      </section>
      <section className="card stats__section" aria-labelledby="stats-incident-charts-heading">
        <h2 id="stats-incident-charts-heading">{t("Incidents of the last twelve weeks")}</h2>
        <div className="stats__charts">
          <IncidentCharts incidents={trends.incidents} locale={locale} />
        </div>
      </section>
    </>
  );
}
