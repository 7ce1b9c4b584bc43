import { INCIDENT_SEVERITY_NAMES, INCIDENT_TYPE_NAMES } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import type { PublicIncident } from "../api/incidents-api.ts";
import "#web/styles/incident-tags.css";

/** The incident's kind and how serious it is, as two badges; "Resolved" once closed. */
export function IncidentBadges({ incident }: { incident: PublicIncident }) {
  const t = useT();
  return (
    <p className="incident-badges">
      <span className="incident-badge incident-badge--type">{t(INCIDENT_TYPE_NAMES[incident.type])}</span>
      <span className={`incident-badge incident-badge--${incident.severity}`}>
        {t("Severity: {severity}", { severity: t(INCIDENT_SEVERITY_NAMES[incident.severity]) })}
      </span>
      {incident.closedAt && <span className="incident-badge incident-badge--closed">{t("Resolved")}</span>}
    </p>
  );
}

/** What to do, in a box that stands out: the one thing most people came for. */
export function IncidentInstructions({ text, headingLevel = 3 }: { text: string; headingLevel?: 2 | 3 }) {
  const t = useT();
  // A level below whatever holds it: the incident's own page (h1) or a card in the list (h3 title under an h2).
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="incident-instructions">
      <Heading className="incident-instructions__heading">{t("What to do")}</Heading>
      <p dir="auto">{text}</p>
    </div>
  );
}

const Time = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

/** Start, expected restoration or resolution, the counts and the last update, as a list of terms. */
export function IncidentFacts({ incident }: { incident: PublicIncident }) {
  const t = useT();
  return (
    <dl className="incident-figures">
      <div>
        <dt>{t("Started")}</dt>
        <dd>
          <Time at={incident.startsAt} />
        </dd>
      </div>
      {incident.closedAt ? (
        <div>
          <dt>{t("Resolved")}</dt>
          <dd>
            <Time at={incident.closedAt} />
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t("Expected restoration")}</dt>
          <dd>{incident.expectedRestorationAt ? <Time at={incident.expectedRestorationAt} /> : t("Not known yet")}</dd>
        </div>
      )}
      <div>
        <dt>{t("Affected")}</dt>
        <dd>
          {t("{count, plural, one {# person affected} other {# people affected}}", { count: incident.affectedCount })}
        </dd>
      </div>
      <div>
        <dt>{t("Reports")}</dt>
        <dd>{t("{count, plural, one {# report} other {# reports}}", { count: incident.reportCount })}</dd>
      </div>
      <div>
        <dt>{t("Last update")}</dt>
        <dd>
          <Time at={incident.updatedAt} />
        </dd>
      </div>
    </dl>
  );
}
