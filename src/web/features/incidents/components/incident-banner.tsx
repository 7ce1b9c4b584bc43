import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { getIncidents, type PublicIncident } from "../api/incidents-api.ts";
import "./incidents.css";

/** How many active incidents the banner names; "See all incidents" leads to the rest. */
export const BANNER_INCIDENTS = 3;

/** The active incidents, asked once per page view after the page has shown; none when the request fails. */
function useActiveIncidents(): PublicIncident[] {
  const [active, setActive] = useState<PublicIncident[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getIncidents(controller.signal).then(
      (answer) => setActive(answer.active),
      (failure: unknown) => {
        // Quietly: the page works without the banner.
        if (!controller.signal.aborted) console.warn("Active incidents could not be loaded:", failure);
      },
    );
    return () => controller.abort();
  }, []);
  return active;
}

/**
 * "We know about it" (decision 021): while incidents are active, the landing page, the report form and the list name
 * them with what to do and a link to each. A named region, not an alert: it appears after the page, and must not
 * interrupt a screen reader reading it.
 */
export function IncidentBanner() {
  const t = useT();
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
        {shown.map((incident) => (
          <li key={incident.id} className="incident-banner__item">
            <p className="incident-banner__title">
              <Link to={paths.incident(incident.id)}>{incident.title}</Link>
            </p>
            <p className="incident-banner__instructions">{incident.instructions}</p>
          </li>
        ))}
      </ul>
      {active.length > 1 && (
        <p className="incident-banner__all">
          <Link to={paths.incidents()}>{t("See all incidents")}</Link>
        </p>
      )}
    </section>
  );
}
