import { useId, useState, type ReactNode } from "react";
import type { Status } from "#shared/domain.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { formatCount, formatDate } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useSuggestions } from "#web/lib/use-suggestions.ts";
import { StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { findSimilar, similarSearch, type SimilarInput } from "../api/similar-reports.ts";

/**
 * "Has someone already reported this?": open reports of the chosen category near the pin or with a similar title,
 * asked for while the resident types (debounced, stale answers dropped). An aid, never a gate: nothing here stops
 * a submit, takes focus, or says anything aloud but a short polite note when the list appears or goes.
 */

// One decimal for kilometres, no grouping: "1.2 km away" in English as before, each language's decimal sign.
const kilometres = new Map<string, Intl.NumberFormat>();

function distanceText(t: ReturnType<typeof useT>, locale: string, metres: number): string {
  if (metres < 1_000) return t("{distance} m away", { distance: formatCount(Math.round(metres)) });
  let format = kilometres.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "en" ? "en-US" : locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    kilometres.set(locale, format);
  }
  return t("{distance} km away", { distance: format.format(metres / 1_000) });
}

/** "I have this problem too" on a similar report, handed in by the app (places' button). */
export interface SimilarReportParts {
  affected: (report: { id: string; affected: number; status: Status }) => ReactNode;
}

export function SimilarReports({ affected, ...input }: SimilarInput & SimilarReportParts) {
  const t = useT();
  const locale = useLocale();
  const items = useSuggestions(similarSearch(input), findSimilar, "Similar reports");
  const headingId = useId();
  // Once suggestions have been shown, their going away is said too (they vanish from where they were).
  const [everShown, setEverShown] = useState(false);
  if (items.length > 0 && !everShown) setEverShown(true);
  const note =
    items.length > 0
      ? t(
          '{count, plural, one {# similar open report is shown under "Has someone already reported this?".} other {# similar open reports are shown under "Has someone already reported this?".}}',
          { count: items.length },
        )
      : everShown
        ? t(LOCATION_MESSAGES.similarNone)
        : "";

  return (
    <div className="field--full similar-slot">
      <p className="visually-hidden" role="status">
        {note}
      </p>
      {items.length > 0 && (
        <section className="similar" aria-labelledby={headingId} data-testid="similar-reports">
          <h2 id={headingId}>{t(LOCATION_MESSAGES.similarHeading)}</h2>
          <p className="hint">{translateText(LOCATION_MESSAGES.similarIntro)}</p>
          <ul className="similar__list">
            {items.map((report) => (
              <li key={report.id} className="similar__item">
                <div className="similar__head">
                  {/* A new tab: the form and its chosen photos stay as they are in this one. */}
                  <a href={paths.grievance(report.id)} target="_blank" rel="noopener" className="similar__title">
                    <bdi>{report.title}</bdi>{" "}
                    <span className="similar__new-tab">{t(LOCATION_MESSAGES.opensInNewTab)}</span>
                  </a>
                  <StatusBadge status={report.status} />
                </div>
                <p className="similar__meta">
                  {report.location && (
                    <span>
                      <bdi>{report.location}</bdi>
                    </span>
                  )}
                  <span>{t("Reported {date}", { date: formatDate(report.created_at) })}</span>
                  {report.distanceMetres !== null && <span>{distanceText(t, locale, report.distanceMetres)}</span>}
                </p>
                {/* Its press goes to the report page's action (its route, by path), not to this page's. */}
                {affected(report)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
