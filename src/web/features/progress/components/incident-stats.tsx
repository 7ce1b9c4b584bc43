import { formatCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { IncidentStats } from "../api/stats-api.ts";
import "#web/styles/incident-tags.css";

/** One decimal place: a mean of reports, a median of hours. */
const roundedToTenths = (value: number) => Math.round(value * 10) / 10;
const oneDecimal = (value: number) => formatCount(roundedToTenths(value));

/**
 * The incidents' figures on /stats: how many were declared and are active, how long they lasted, how many
 * reports each gathered, and how long after the first report the utility declared them. Dashes where no incident
 * gives a figure yet.
 */
export function IncidentStatsSection({ stats }: { stats: IncidentStats }) {
  const t = useT();
  const none = t("not enough data");
  const rows = [
    [t("Incidents declared"), formatCount(stats.declared)],
    [t("Active now"), formatCount(stats.active)],
    [
      t("Median duration"),
      stats.medianDurationHours === null
        ? none
        : t("{hours, plural, one {# hour} other {# hours}}", { hours: roundedToTenths(stats.medianDurationHours) }),
    ],
    [t("Reports per incident"), stats.reportsPerIncident === null ? none : oneDecimal(stats.reportsPerIncident)],
    [
      t("Median time from the first report to the declaration"),
      stats.medianMinutesFromFirstReportToDeclaration === null
        ? none
        : t("{minutes, plural, one {# minute} other {# minutes}}", {
            minutes: Math.round(stats.medianMinutesFromFirstReportToDeclaration),
          }),
    ],
  ] as const;
  return (
    <section className="card stats__section" aria-labelledby="stats-incidents-heading" data-testid="stats-incidents">
      <h2 id="stats-incidents-heading">{t("Incidents")}</h2>
      <p className="muted">{t("Water incidents group the many reports of one burst main or one quality problem.")}</p>
      <dl className="incident-figures">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
