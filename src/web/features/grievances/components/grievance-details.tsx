import { Link } from "react-router";
import type { PublicGrievance } from "#shared/api-types.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { AffectedButton } from "#web/features/places/components/affected-button.tsx";
import { IncidentLink, incidentOf } from "#web/features/incidents/components/incident-link.tsx";
import { FollowForm } from "#web/features/notifications/components/follow-form.tsx";
import { AttachedImages } from "./attached-images.tsx";
import { GrievanceSummary, IssueDescription } from "./grievance-summary.tsx";
import { GrievanceProgressSlot } from "./progress-slot.tsx";
import { ReportPlace } from "./report-place.tsx";

export function GrievanceDetails({ grievance }: { grievance: PublicGrievance }) {
  const t = useT();
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);
  const incident = incidentOf(grievance);

  return (
    <article className="details card" data-testid="grievance-details">
      <GrievanceSummary grievance={grievance} />

      {incident && <IncidentLink incident={incident} />}

      {/* "N people affected", and "I have this problem too" while the report is open. */}
      <div className="details__affected">
        <AffectedButton grievanceId={grievance.id} affected={grievance.affected} status={grievance.status} />
      </div>

      {hasContact && (
        <section className="contact-box" aria-labelledby="contact-heading">
          <h2 id="contact-heading">{t("Contact Information:")}</h2>
          {grievance.user_email && (
            <p>
              <span className="details__meta-label">{t("Email:")}</span> {grievance.user_email}
            </p>
          )}
          {grievance.user_phone && (
            <p>
              <span className="details__meta-label">{t("Phone:")}</span> {grievance.user_phone}
            </p>
          )}
        </section>
      )}

      <IssueDescription text={grievance.description} />

      <ReportPlace latitude={grievance.latitude} longitude={grievance.longitude} />

      <GrievanceProgressSlot grievance={grievance} />

      <AttachedImages images={grievance.images} />

      <FollowForm grievanceId={grievance.id} />

      <nav className="details__links" aria-label={t("More actions")}>
        <Link className="button" to={paths.submit()}>
          {t("Report Another Issue")}
        </Link>
        <Link className="button button--secondary" to={paths.list()}>
          {t("View All Grievances")}
        </Link>
      </nav>
    </article>
  );
}
