import { Link } from "react-router";
import { INCIDENT_TYPE_NAMES } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import type { IncidentSummary } from "../api/incidents-api.ts";
import "#web/styles/incident-tags.css";

/**
 * The incident a report was linked to, when the report's answer carries one (`incident`): read off the
 * answer without trusting it blindly, so a server without incidents simply shows nothing.
 */
export function incidentOf(grievance: object): IncidentSummary | undefined {
  const incident = (grievance as { incident?: unknown }).incident;
  if (typeof incident !== "object" || incident === null) return undefined;
  const { id, title } = incident as Partial<IncidentSummary>;
  return typeof id === "string" && typeof title === "string" ? (incident as IncidentSummary) : undefined;
}

/** "Part of the incident <title>" on a report's page, linking to the incident. */
export function IncidentLink({ incident }: { incident: IncidentSummary }) {
  const t = useT();
  return (
    <p className="incident-link" data-testid="incident-link">
      <span className="incident-badge incident-badge--type">
        {t(INCIDENT_TYPE_NAMES[incident.type] ?? INCIDENT_TYPE_NAMES.other)}
      </span>{" "}
      {t("Part of the incident")}{" "}
      <Link to={paths.incident(incident.id)}>
        <bdi>{incident.title}</bdi>
      </Link>
      {incident.closedAt && <> ({t("resolved")})</>}
    </p>
  );
}
