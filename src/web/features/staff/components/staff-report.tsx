import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { AttachedImages } from "#web/lib/grievance-view/attached-images.tsx";
import { GrievanceSummary, IssueDescription } from "#web/lib/grievance-view/grievance-summary.tsx";
import { ReportPlace } from "#web/lib/grievance-view/report-place.tsx";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { HiddenMarker, NewUpdatesMarker, OverdueMarker, ReopenedMarker } from "./markers.tsx";
import { ReporterUpdatesPanel } from "./reporter-updates-panel.tsx";
import { CHANNEL_LABELS } from "./channel-label.ts";
import { DueTimes } from "./due-times.tsx";

/** "+1 555 010-4489" -> "tel:+15550104489": dialers want digits (and a leading +) only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The top of the report as staff see it: title, badges and flags, reference, dates, place, category and how many
 * are affected. First on the page, with "Change status" right under it on a phone (staff-grievance-route.tsx).
 */
export function StaffReportSummary({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  return (
    <article className="details card staff-report staff-report-flow__main" data-testid="staff-report">
      <GrievanceSummary
        grievance={grievance}
        flags={
          <>
            {grievance.reopened_by_reporter_at && <ReopenedMarker />}
            {grievance.new_reporter_updates > 0 && <NewUpdatesMarker count={grievance.new_reporter_updates} />}
            {grievance.overdue && <OverdueMarker />}
            {grievance.hidden && <HiddenMarker />}
          </>
        }
        reportedNote={
          <span className="muted">({t("{duration} ago", { duration: formatDuration(grievance.age_seconds) })})</span>
        }
      />
      <DueTimes grievance={grievance} />

      <p className="staff-report__affected">
        <AffectedCount affected={grievance.affected} />
      </p>
    </article>
  );
}

/** The rest of the report: contact details in full (docs/product-decisions.md D8), description, place, images, updates. */
export function StaffReportBody({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);
  return (
    <div className="details card staff-report staff-report-flow__main" data-testid="staff-report-body">
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
        <p data-testid="staff-channel">
          <span className="details__meta-label">{t("Received by:")}</span> {t(CHANNEL_LABELS[grievance.channel])}
        </p>
      </section>

      <IssueDescription text={grievance.description} />

      <ReportPlace latitude={grievance.latitude} longitude={grievance.longitude} />

      <AttachedImages images={grievance.images} />

      <ReporterUpdatesPanel updates={grievance.reporterUpdates} />
    </div>
  );
}
