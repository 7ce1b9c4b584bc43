import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { INCIDENT_SEVERITY_NAMES, INCIDENT_TYPE_NAMES } from "#shared/incidents/incidents.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { getIncidents, type IncidentListItem } from "../api/incidents-api.ts";

export async function incidentsLoader({ request }: LoaderFunctionArgs) {
  const { items } = await withStaffSession(request, () => getIncidents(request.signal));
  // Active first (the server lists them so too); kept here so that the page never depends on it.
  return {
    active: items.filter((incident) => incident.closedAt === null),
    closed: items.filter((incident) => incident.closedAt !== null),
  };
}

export function IncidentsRoute() {
  const t = useT();
  useDocumentTitle(t("Incidents"));
  const { active, closed } = useLoaderData<typeof incidentsLoader>();
  return (
    <div className="page incidents-page">
      <div className="incidents-page__head">
        <h1>{t("Incidents")}</h1>
        <Link className="button" to={paths.staffIncidentNew()}>
          {t("Declare an incident")}
        </Link>
      </div>
      <p className="muted">
        {t(
          "One burst main, many reports: declare it once, link its reports, tell the public and close it with a final message.",
        )}
      </p>
      <section aria-labelledby="active-incidents-heading">
        <h2 id="active-incidents-heading">{t("Active")}</h2>
        {active.length === 0 ? (
          <p className="muted">{t("No active incidents.")}</p>
        ) : (
          <IncidentTable incidents={active} testId="active-incidents" />
        )}
      </section>
      <section aria-labelledby="closed-incidents-heading">
        <h2 id="closed-incidents-heading">{t("Closed")}</h2>
        {closed.length === 0 ? (
          <p className="muted">{t("No closed incidents.")}</p>
        ) : (
          <IncidentTable incidents={closed} testId="closed-incidents" />
        )}
      </section>
    </div>
  );
}

function IncidentTable({ incidents, testId }: { incidents: IncidentListItem[]; testId: string }) {
  const t = useT();
  return (
    <div className="queue-table-wrap card">
      <table className="queue-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("Title")}</th>
            <th scope="col">{t("Type")}</th>
            <th scope="col">{t("Severity")}</th>
            <th scope="col">{t("Start")}</th>
            <th scope="col">{t("Linked reports")}</th>
            <th scope="col">{t("Updates")}</th>
          </tr>
        </thead>
        <tbody>
          {incidents.map((incident) => (
            <tr key={incident.id} data-testid="incident-row">
              <th scope="row" className="queue-table__title">
                <Link to={paths.staffIncident(incident.id)}>
                  <bdi>{incident.title}</bdi>
                </Link>
              </th>
              <td data-label={t("Type")}>{t(INCIDENT_TYPE_NAMES[incident.type])}</td>
              <td data-label={t("Severity")}>
                <span className={`incident-severity incident-severity--${incident.severity}`}>
                  {t(INCIDENT_SEVERITY_NAMES[incident.severity])}
                </span>
              </td>
              <td data-label={t("Start")}>
                <time dateTime={incident.startsAt}>{formatDateTime(incident.startsAt)}</time>
              </td>
              <td data-label={t("Linked reports")}>{incident.reportCount}</td>
              <td data-label={t("Updates")}>{incident.updates.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
