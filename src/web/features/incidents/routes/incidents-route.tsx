import { useId, useMemo } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { exportPaths } from "#shared/api-paths.ts";
import { FEED_TITLES } from "#shared/exports/feed-links.ts";
import { RECENT_INCIDENT_DAYS } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { IncidentAreaMapSlot } from "../components/incident-area-map-slot.tsx";
import { IncidentCard } from "../components/incident-card.tsx";
import { IncidentSubscribeForm } from "../components/incident-subscribe-form.tsx";
import { getIncidents } from "../api/incidents-api.ts";
import "../components/incidents.css";
import "#web/styles/content.css";

// "Get alerts for your area" is sent through this page's action.
export { incidentsAction } from "../api/incidents-action.ts";

/** The page is little more than its list: the answer is awaited, and a failure shows the route's error page. */
export async function incidentsLoader({ request }: LoaderFunctionArgs) {
  return getIncidents(request.signal);
}

/** /incidents (decision 021): what is going on now, what happened lately, a map of the active areas, a feed, alerts. */
export function IncidentsRoute() {
  const t = useT();
  useDocumentTitle(t("Water incidents"));
  const { active, recent } = useLoaderData<typeof incidentsLoader>();
  const localitiesId = useId();
  const areas = useMemo(() => active.flatMap(({ id, title, area }) => (area ? [{ id, title, area }] : [])), [active]);
  const localities = [...new Set(active.flatMap((incident) => incident.localities))];
  return (
    <div className="page incidents-page">
      <h1>{t("Water incidents")}</h1>
      <p className="page__lead">
        {t("Supply interruptions, water-quality advisories and overflows the utility is dealing with, and what to do.")}
      </p>

      <section aria-labelledby="active-incidents-heading">
        <h2 id="active-incidents-heading">{t("Active incidents")}</h2>
        {active.length === 0 ? (
          <p className="muted" data-testid="no-active-incidents">
            {t("There are no active incidents.")}
          </p>
        ) : (
          <>
            <ul className="incident-list">
              {active.map((incident) => (
                <li key={incident.id}>
                  <IncidentCard incident={incident} />
                </li>
              ))}
            </ul>
            {localities.length > 0 && (
              <p id={localitiesId}>{t("Affected localities: {localities}", { localities: localities.join(", ") })}</p>
            )}
            <IncidentAreaMapSlot
              areas={areas}
              label={t("Map of the active incidents' areas")}
              describedBy={localities.length > 0 ? localitiesId : undefined}
            />
          </>
        )}
      </section>

      <section aria-labelledby="recent-incidents-heading">
        <h2 id="recent-incidents-heading">{t("Recent incidents")}</h2>
        <p className="muted">{t("Resolved in the last {days} days.", { days: RECENT_INCIDENT_DAYS })}</p>
        {recent.length === 0 ? (
          <p className="muted">{t("No incidents were resolved lately.")}</p>
        ) : (
          <ul className="incident-list">
            {recent.map((incident) => (
              <li key={incident.id}>
                <IncidentCard incident={incident} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="incident-feeds">
        {/* Announced to browsers and feed readers (React places it in the head; the server's HTML has it too). */}
        <link
          rel="alternate"
          type="application/atom+xml"
          title={t(FEED_TITLES.incidents)}
          href={exportPaths.incidentsFeed}
        />
        {/* The server's document, not a page of the app. */}
        <a href={exportPaths.incidentsFeed} type="application/atom+xml">
          {t(FEED_TITLES.incidents)}
        </a>
      </p>

      <IncidentSubscribeForm action={paths.incidents()} />
    </div>
  );
}
