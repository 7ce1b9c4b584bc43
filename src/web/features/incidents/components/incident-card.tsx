import { Link } from "react-router";
import { incidentTextsIn } from "#shared/incidents/incident-texts.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { IncidentBadges, IncidentFacts, IncidentInstructions } from "./incident-facts.tsx";
import type { PublicIncident } from "../api/incidents-api.ts";

/** One incident in the /incidents list: what it is, what to do (or how it ended), and the facts. */
export function IncidentCard({ incident }: { incident: PublicIncident }) {
  const t = useT();
  // Staff's version of each text in the page's language when they wrote one (migration 026).
  const texts = incidentTextsIn(incident, useLocale());
  return (
    <article className="card incident-card" data-testid="incident-card">
      <h3 className="incident-card__title">
        <Link to={paths.incident(incident.id)}>
          <bdi>{texts.title}</bdi>
        </Link>
      </h3>
      <IncidentBadges incident={incident} />
      {incident.closedAt ? (
        texts.finalMessage && (
          <p>
            <strong>{t("Final message:")}</strong> <bdi>{texts.finalMessage}</bdi>
          </p>
        )
      ) : (
        <IncidentInstructions text={texts.instructions} />
      )}
      <IncidentFacts incident={incident} />
    </article>
  );
}
