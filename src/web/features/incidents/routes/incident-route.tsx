import { useId, useMemo } from "react";
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { exportPaths } from "#shared/api-paths.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { incidentTextsIn, updateMessageIn } from "#shared/incidents/incident-texts.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { IncidentAffectedButton } from "../components/incident-affected-button.tsx";
import { IncidentAreaMapSlot } from "../components/incident-area-map-slot.tsx";
import { IncidentBadges, IncidentFacts, IncidentInstructions } from "../components/incident-facts.tsx";
import { IncidentSubscribeForm } from "../components/incident-subscribe-form.tsx";
import { getIncident } from "../api/incidents-api.ts";
import "../components/incidents.css";
import "#web/styles/content.css";

// "I am affected" and "Get alerts for your area" are sent through this page's action.
export { incidentsAction } from "../api/incidents-action.ts";

/** One incident; an unknown id is the app's friendly "Page not found" (the route's error boundary shows it). */
export async function incidentLoader({ params, request }: LoaderFunctionArgs) {
  try {
    return await getIncident(params.id ?? "", request.signal);
  } catch (error) {
    if (error instanceof ApiRequestError && error.isNotFound) throw data(null, { status: 404 });
    throw error;
  }
}

const Time = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

/** /incidents/:id: one incident from its declaration to its final message. */
export function IncidentRoute() {
  const t = useT();
  const incident = useLoaderData<typeof incidentLoader>();
  const locale = useLocale();
  // Staff's version of each text in the page's language when they wrote one, else the original (migration 026).
  const texts = incidentTextsIn(incident, locale);
  useDocumentTitle(texts.title);
  const localitiesId = useId();
  const active = incident.closedAt === null;
  const areas = useMemo(
    () => (incident.area ? [{ id: incident.id, title: incident.title, area: incident.area }] : []),
    [incident.id, incident.title, incident.area],
  );
  // Newest first: what changed last is what a visitor comes back for.
  const updates = [...incident.updates].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <div className="page page--narrow incident-page">
      <p>
        <Link to={paths.incidents()}>{t("All water incidents")}</Link>
      </p>
      <article className="card incident-details" data-testid="incident-details">
        <h1 dir="auto">{texts.title}</h1>
        <IncidentBadges incident={incident} />
        <p className="incident-status" data-testid="incident-status">
          {active ? t("Active") : t("Resolved on {time}", { time: formatDateTime(incident.closedAt ?? "") })}
        </p>
        {!active && texts.finalMessage && (
          <div className="incident-final">
            <h2>{t("Final message")}</h2>
            <p dir="auto">{texts.finalMessage}</p>
          </div>
        )}
        <p className="incident-message" dir="auto">
          {texts.message}
        </p>
        <IncidentInstructions text={texts.instructions} headingLevel={2} />
        <IncidentFacts incident={incident} />
        <IncidentAffectedButton incidentId={incident.id} affectedCount={incident.affectedCount} active={active} />

        <section aria-labelledby="incident-area-heading">
          <h2 id="incident-area-heading">{t("Affected area")}</h2>
          {incident.localities.length > 0 && (
            <ul className="incident-localities" id={localitiesId}>
              {incident.localities.map((locality) => (
                <li key={locality} dir="auto">
                  {locality}
                </li>
              ))}
            </ul>
          )}
          <IncidentAreaMapSlot
            areas={areas}
            label={t("Map of the incident's area")}
            describedBy={incident.localities.length > 0 ? localitiesId : undefined}
          />
        </section>

        <section aria-labelledby="incident-updates-heading">
          <h2 id="incident-updates-heading">{t("Updates")}</h2>
          <ol className="incident-timeline">
            {updates.map((update) => (
              <li key={update.id}>
                <Time at={update.at} />
                <p dir="auto">{updateMessageIn(update, locale)}</p>
              </li>
            ))}
            <li>
              <Time at={incident.declaredAt} />
              <p>{t("The incident was declared.")}</p>
            </li>
          </ol>
        </section>

        <p className="incident-feeds">
          <a href={exportPaths.incidentCap.replace(":id", encodeURIComponent(incident.id))} type="application/xml">
            {t("Alert document (CAP 1.2)")}
          </a>
          <a href={exportPaths.incidentsFeed} type="application/atom+xml">
            {t("Incidents feed (Atom)")}
          </a>
        </p>
      </article>
      <IncidentSubscribeForm action={paths.incident(incident.id)} />
    </div>
  );
}
