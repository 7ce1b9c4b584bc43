import { PRIORITIES, STATUSES } from "#shared/domain.ts";
import { priorityLabel, statusLabel } from "#shared/format.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import type { PublicStats, StatsWindow } from "#shared/staff/staff-api.ts";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { formatCount } from "#web/lib/i18n/format.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";

const NO_DATA = msg("No data yet");

/** "37%" in English; each language's own way elsewhere ("37 %" in French). */
const formatPercent = (percent: number, locale: Locale) =>
  new Intl.NumberFormat(locale === "en" ? "en-US" : locale, { style: "percent" }).format(percent / 100);

function CountTable({ caption, label, rows }: { caption: string; label: string; rows: Array<[string, number]> }) {
  const t = useT();
  return (
    <table className="stats-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col" className="stats-table__number">
            {t("Reports")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, count]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="stats-table__number">{formatCount(count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StatusCounts({ stats }: { stats: PublicStats }) {
  const t = useT();
  const rows = STATUSES.map((status): [string, number] => [t(statusLabel(status)), stats.byStatus[status] ?? 0]);
  return (
    <CountTable
      caption={t("Reports by status")}
      label={t("Status")}
      rows={[...rows, [t("All reports"), stats.total]]}
    />
  );
}

export function CategoryCounts({ stats }: { stats: PublicStats }) {
  // By each category's current name, in the administrators' order (the server's order), shown in the page's language.
  const t = useT();
  const categoryName = useCategoryName();
  const rows = Object.entries(stats.byCategory).map(([name, count]): [string, number] => [categoryName(name), count]);
  return <CountTable caption={t("Reports by category")} label={t("Category")} rows={rows} />;
}

/** A median and, after it, how many reports it was taken from. */
function Median({ seconds, count }: { seconds: number | null; count: number }) {
  const t = useT();
  if (seconds === null) return <span className="muted">{t(NO_DATA)}</span>;
  return (
    <>
      {formatDuration(seconds)}
      <span className="muted stats-table__basis">
        {t("({count, plural, one {# report} other {# reports}})", { count })}
      </span>
    </>
  );
}

/** Medians per look-back window (the API gives 30 and 90 days), one column each. */
export function DurationTable({ windows }: { windows: StatsWindow[] }) {
  const t = useT();
  return (
    <table className="stats-table">
      <caption>{t("Median times")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Measure")}</th>
          {windows.map((w) => (
            <th scope="col" key={w.days}>
              {t("{days, plural, one {Last # day} other {Last # days}}", { days: w.days })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t("Time to first response")}</th>
          {windows.map((w) => (
            <td key={w.days}>
              <Median seconds={w.medianFirstResponseSeconds} count={w.firstResponses} />
            </td>
          ))}
        </tr>
        <tr>
          <th scope="row">{t("Time to resolution")}</th>
          {windows.map((w) => (
            <td key={w.days}>
              <Median seconds={w.medianResolutionSeconds} count={w.resolutions} />
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** Share of open reports past their priority's target, with the targets spelled out. */
export function OverdueSummary({ stats }: { stats: PublicStats }) {
  const t = useT();
  const locale = useLocale();
  const share = stats.overdueShare === null ? null : Math.round(stats.overdueShare * 100);
  return (
    <>
      <p className="stats-figure" data-testid="overdue-share">
        {share === null
          ? t("No reports are open at the moment.")
          : withElements(
              t("{share} of open reports are overdue ({overdue} of {open}).", {
                share: slot("share"),
                overdue: formatCount(stats.overdueOpen),
                open: formatCount(stats.open),
              }),
              { share: <strong>{formatPercent(share, locale)}</strong> },
            )}
      </p>
      <p>{t("A report is overdue when it is still pending or in progress after the target time for its priority:")}</p>
      <dl className="stats-targets">
        {[...PRIORITIES].reverse().map((priority) => (
          <div key={priority}>
            <dt>{t(priorityLabel(priority))}</dt>
            <dd>{formatDuration(stats.overdueTargetDays[priority] * 86_400)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
