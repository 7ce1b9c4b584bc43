import type { ReactNode } from "react";
import { INCIDENT_SEVERITY_NAMES, INCIDENT_TYPE_NAMES, type IncidentArea } from "#shared/incidents/incidents.ts";
import { formatCount, formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { StaffIncident } from "../api/incidents-api.ts";

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

function AreaSummary({ area }: { area: IncidentArea }) {
  const t = useT();
  if (area.type === "Circle") {
    return <>{t("A circle of {radius} metres", { radius: formatCount(area.radiusMetres) })}</>;
  }
  const corners = area.coordinates[0].length - 1;
  return <>{t("A polygon of {count} points", { count: formatCount(corners) })}</>;
}

/** What the public sees of the incident, and who declared and closed it. */
export function IncidentFacts({ incident }: { incident: StaffIncident }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t("Type"), t(INCIDENT_TYPE_NAMES[incident.type])],
    [t("Severity"), t(INCIDENT_SEVERITY_NAMES[incident.severity])],
    [t("Start"), <When at={incident.startsAt} />],
    [
      t("Expected restoration"),
      incident.expectedRestorationAt ? <When at={incident.expectedRestorationAt} /> : t("Not given"),
    ],
    [t("Area on the map"), incident.area ? <AreaSummary area={incident.area} /> : t("None drawn")],
    [t("Localities"), incident.localities.length > 0 ? incident.localities.join(", ") : t("None named")],
    [t("Declared"), <When at={incident.declaredAt} />],
    [t("Declared by"), incident.declaredBy ?? t("Unknown")],
    [t("People who said they are affected"), formatCount(incident.affectedCount)],
    [t("Linked public reports"), formatCount(incident.reportCount)],
  ];
  if (incident.closedAt) {
    rows.push([t("Closed"), <When at={incident.closedAt} />], [t("Closed by"), incident.closedBy ?? t("Unknown")]);
  }
  return (
    <article className="card incident-facts" data-testid="incident-facts">
      <p className="badge-row">
        <span className={`incident-severity incident-severity--${incident.severity}`}>
          {t(INCIDENT_SEVERITY_NAMES[incident.severity])}
        </span>{" "}
        <span
          className={incident.closedAt ? "badge badge--muted" : "badge badge--active-incident"}
          data-testid="incident-state"
        >
          {incident.closedAt ? t("Closed") : t("Active")}
        </span>
      </p>
      <h1 dir="auto">{incident.title}</h1>
      <p className="incident-facts__message" dir="auto">
        {incident.message}
      </p>
      <h2>{t("Instructions")}</h2>
      <p className="incident-facts__message" dir="auto">
        {incident.instructions}
      </p>
      {incident.finalMessage && (
        <>
          <h2>{t("Final message")}</h2>
          <p className="incident-facts__message" dir="auto" data-testid="incident-final-message">
            {incident.finalMessage}
          </p>
        </>
      )}
      <dl className="incident-facts__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("Updates")}</h2>
      {incident.updates.length === 0 ? (
        <p className="muted">{t("No updates yet.")}</p>
      ) : (
        <ol className="incident-updates" data-testid="incident-updates">
          {[...incident.updates].reverse().map((update) => (
            <li key={update.id}>
              <When at={update.at} />
              <p className="incident-facts__message" dir="auto">
                {update.message}
              </p>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
