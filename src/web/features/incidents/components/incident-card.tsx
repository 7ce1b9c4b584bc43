import { Link } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { IncidentBadges, IncidentFacts, IncidentInstructions } from "./incident-facts.tsx";
import type { PublicIncident } from "../api/incidents-api.ts";

/** One incident in the /incidents list: what it is, what to do (or how it ended), and the facts. */
export function IncidentCard({ incident }: { incident: PublicIncident }) {
  const t = useT();
  return (
    <article className="card incident-card" data-testid="incident-card">
      <h3 className="incident-card__title">
        <Link to={paths.incident(incident.id)}>
          <bdi>{incident.title}</bdi>
        </Link>
      </h3>
      <IncidentBadges incident={incident} />
      {incident.closedAt ? (
        incident.finalMessage && (
          <p>
            <strong>{t("Final message:")}</strong> <bdi>{incident.finalMessage}</bdi>
          </p>
        )
      ) : (
        <IncidentInstructions text={incident.instructions} />
      )}
      <IncidentFacts incident={incident} />
    </article>
  );
}
