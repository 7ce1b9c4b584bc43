import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { AttachedImages } from "#web/lib/grievance-view/attached-images.tsx";
import { GrievanceSummary, IssueDescription } from "#web/lib/grievance-view/grievance-summary.tsx";
import { ReportPlace } from "#web/lib/grievance-view/report-place.tsx";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { HiddenMarker, OverdueMarker, ReopenedMarker } from "./markers.tsx";
import { ReporterUpdatesPanel } from "./reporter-updates-panel.tsx";

/** "+1 555 010-4489" -> "tel:+15550104489": dialers want digits (and a leading +) only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Everything about the report as staff see it: contact details in full (docs/product-decisions.md D8), flags, images. */
export function StaffReport({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);

  return (
    <article className="details card staff-report" data-testid="staff-report">
      <GrievanceSummary
        grievance={grievance}
        flags={
          <>
            {grievance.reopened_by_reporter_at && <ReopenedMarker />}
            {grievance.overdue && <OverdueMarker />}
            {grievance.hidden && <HiddenMarker />}
          </>
        }
        reportedNote={
          <span className="muted">({t("{duration} ago", { duration: formatDuration(grievance.age_seconds) })})</span>
        }
      />

      <p className="staff-report__affected">
        <AffectedCount affected={grievance.affected} />
      </p>

      <section className="contact-box" aria-labelledby="staff-contact-heading">
        <h2 id="staff-contact-heading">{t("Contact Information:")}</h2>
        {hasContact ? (
          <>
            {grievance.user_email && (
              <p>
                <span className="details__meta-label">{t("Email:")}</span>{" "}
                <a href={`mailto:${grievance.user_email}`}>{grievance.user_email}</a>
              </p>
            )}
            {grievance.user_phone && (
              <p>
                <span className="details__meta-label">{t("Phone:")}</span>{" "}
                <a href={telHref(grievance.user_phone)}>{grievance.user_phone}</a>
              </p>
            )}
          </>
        ) : (
          <p className="muted">{t("The reporter left no contact details.")}</p>
        )}
      </section>

      <IssueDescription text={grievance.description} />

      <ReportPlace latitude={grievance.latitude} longitude={grievance.longitude} />

      <AttachedImages images={grievance.images} />

      <ReporterUpdatesPanel updates={grievance.reporterUpdates} />
    </article>
  );
}
