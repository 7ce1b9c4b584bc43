import { Suspense } from "react";
import { Await, useAsyncError, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import { msg } from "#shared/i18n/locales.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { usePageTexts } from "#web/lib/i18n/page-texts.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { IncidentStatsSection } from "../components/incident-stats.tsx";
import type { IncidentStats } from "../api/stats-api.ts";
import { getStats } from "../api/stats-api.ts";
import { loadStatsTexts } from "../api/stats-texts.ts";
import type { StatsCharts } from "../components/stats-charts.tsx";
import { CategoryCounts, DurationTable, OverdueSummary, StatusCounts } from "../components/stats-tables.tsx";
import "#web/styles/progress.css";
import "#web/styles/content.css";

const TITLE = msg("Progress & Statistics");

/** The figures, and the charts' chunk that draws them. */
interface LoadedStats {
  figures: PublicStats;
  Charts: typeof StatsCharts;
}

/** Started without waiting, like the public list: the heading shows at once, the figures when they arrive. */
export function statsLoader({ request }: LoaderFunctionArgs) {
  // The charts (Observable Plot, the larger part of the page's code) and their texts come with the figures, in a
  // chunk of their own: the heading does not wait for any of them.
  const stats = Promise.all([
    getStats(request.signal),
    loadStatsTexts(),
    import("../components/stats-charts.tsx"),
  ]).then(([figures, , charts]): LoadedStats => ({ figures, Charts: charts.StatsCharts }));
  stats.catch(() => undefined);
  return { stats };
}

function StatsError() {
  const t = useT();
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return (
    <div className="alert alert--error" role="alert" data-testid="stats-error">
      <p>
        <strong>{t("The statistics could not be loaded.")}</strong> {translateText(errorMessageOf(error))}
      </p>
      <SupportReference error={error} />
      <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
        {t("Retry")}
      </button>
    </div>
  );
}

const incidentsOf = (stats: PublicStats): IncidentStats | undefined =>
  (stats as PublicStats & { incidents?: IncidentStats }).incidents ?? undefined;

function StatsContent({ stats, Charts }: { stats: PublicStats; Charts: typeof StatsCharts }) {
  const t = useT();
  usePageTexts(loadStatsTexts);
  const incidents = incidentsOf(stats);
  return (
    <div className="stats" data-testid="stats">
      <Charts trends={stats.trends} />
      <section className="card stats__section" aria-labelledby="stats-counts-heading">
        <h2 id="stats-counts-heading">{t("Reports")}</h2>
        <div className="stats__pair">
          <StatusCounts stats={stats} />
          <CategoryCounts stats={stats} />
        </div>
      </section>
      <section className="card stats__section" aria-labelledby="stats-times-heading">
        <h2 id="stats-times-heading">{t("How quickly reports are handled")}</h2>
        <p className="muted">
          {t(
            "First response: from the report to its first status change. Resolution: from the report to being resolved.",
          )}
        </p>
        <DurationTable windows={stats.windows} />
      </section>
      <section className="card stats__section" aria-labelledby="stats-overdue-heading">
        <h2 id="stats-overdue-heading">{t("Overdue reports")}</h2>
        <OverdueSummary stats={stats} />
      </section>
      {/* Until every server reports incidents, the answer may lack them. */}
      {incidents && <IncidentStatsSection stats={incidents} />}
      <p className="muted stats__generated">
        {withElements(t("Figures as of {time}. Hidden reports are not counted.", { time: slot("time") }), {
          time: <time dateTime={stats.generatedAt}>{formatDateTime(stats.generatedAt)}</time>,
        })}
      </p>
    </div>
  );
}

export function StatsRoute() {
  const t = useT();
  useDocumentTitle(t(TITLE));
  const { stats } = useLoaderData<typeof statsLoader>();
  return (
    <div className="page">
      <h1>{t(TITLE)}</h1>
      <p className="page__lead">{t("How many reports there are, and how quickly they are answered and resolved.")}</p>
      <Suspense
        fallback={
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t("Loading statistics...")}
          </p>
        }
      >
        <Await resolve={stats} errorElement={<StatsError />}>
          {(data: LoadedStats) => <StatsContent stats={data.figures} Charts={data.Charts} />}
        </Await>
      </Suspense>
    </div>
  );
}
