import { useId } from "react";
import { Link } from "react-router";
import { incidentTextsIn } from "#shared/incidents/incident-texts.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getIncidents, type PublicIncident } from "../api/incidents-api.ts";
import "./incidents.css";

/** How many active incidents the banner names; "See all incidents" leads to the rest. */
export const BANNER_INCIDENTS = 3;

const NONE: PublicIncident[] = [];

/** The active incidents, asked once per page view after the page has shown; none when the request fails. */
function useActiveIncidents(): PublicIncident[] {
  // Said only in the console: the page works without the banner.
  const incidents = useApiData("active-incidents", (_key, signal) => getIncidents(signal), {
    what: "Active incidents",
  });
  return incidents.state === "loaded" ? incidents.data.active : NONE;
}

/**
 * "We know about it" (decision 021): while incidents are active, the landing page, the report form and the list name
 * them with what to do and a link to each. A named region, not an alert: it appears after the page, and must not
 * interrupt a screen reader reading it.
 */
export function IncidentBanner() {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const active = useActiveIncidents();
  if (active.length === 0) return null;
  const shown = active.slice(0, BANNER_INCIDENTS);
  return (
    <section className="incident-banner" role="region" aria-labelledby={headingId} data-testid="incident-banner">
      <h2 id={headingId} className="incident-banner__heading">
        {t("{count, plural, one {Active incident} other {# active incidents}}", { count: active.length })}
      </h2>
      <ul className="incident-banner__list">
        {shown.map((incident) => {
          // Staff's version in the page's language when they wrote one (migration 026).
          const texts = incidentTextsIn(incident, locale);
          return (
            <li key={incident.id} className="incident-banner__item">
              <p className="incident-banner__title">
                <Link to={paths.incident(incident.id)}>
                  <bdi>{texts.title}</bdi>
                </Link>
              </p>
              <p className="incident-banner__instructions" dir="auto">
                {texts.instructions}
              </p>
            </li>
          );
        })}
      </ul>
      {active.length > 1 && (
        <p className="incident-banner__all">
          <Link to={paths.incidents()}>{t("See all incidents")}</Link>
        </p>
      )}
    </section>
  );
}
