import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { AttachedImages } from "#web/lib/grievance-view/attached-images.tsx";
import { GrievanceSummary, IssueDescription } from "#web/lib/grievance-view/grievance-summary.tsx";
import { ProgressEntries } from "#web/lib/grievance-view/progress-entries.tsx";
import { FixedQuestionBox } from "./fixed-question-box.tsx";
import { RemoveContactDetails } from "./remove-contact-details.tsx";
import { ReporterUpdateForm } from "./reporter-update-form.tsx";

/**
 * What the private page shows from other features, handed in by the app (app/pages/track-page.tsx): the incident
 * the report belongs to (incidents), as on the report's public page.
 */
export interface TrackedReportParts {
  incidentLink: (tracked: TrackedGrievance) => ReactNode;
}

interface TrackedReportProps {
  tracked: TrackedGrievance;
  /** The token of the page's link: the reporter's actions are sent to the page's action with it. */
  token: string;
  parts?: TrackedReportParts;
}

/**
 * The reporter's own view of their report (/track/:token): what the public details page shows, with the contact
 * details in full and a word on keeping the link private, then what the reporter may do (docs/decisions/015-
 * reporter-actions.md): answer "Is it fixed?" once it is resolved, and add an update with photos. The page's router
 * action records them and the page's loader reads the report again, which comes back here.
 */
export function TrackedReport({ tracked, token, parts }: TrackedReportProps) {
  const t = useT();
  const { grievance, timeline } = tracked;
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);
  return (
    <article className="details card" data-testid="tracked-report">
      <GrievanceSummary grievance={grievance} />

      {/* The photos first, as on the report's public page. */}
      <AttachedImages images={grievance.images} />

      {parts?.incidentLink(tracked)}

      <div className="private-note" data-testid="private-note">
        <p>
          <strong>{t("This is your private page of report {reference}.", { reference: grievance.reference })}</strong>{" "}
          {t(
            "Keep its link to yourself: anyone who has it sees the contact details you gave. It is not listed anywhere and search engines do not index it.",
          )}
        </p>
      </div>

      <section className="contact-box" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{t("Your contact details:")}</h2>
        {hasContact ? (
          <>
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
            <p className="muted">
              {t("Only you and the portal's staff see them in full; the public page masks them.")}
            </p>
            <RemoveContactDetails token={token} />
          </>
        ) : (
          <p className="muted">{t("You gave none with this report.")}</p>
        )}
      </section>

      <IssueDescription text={grievance.description} />

      <section className="details__section progress" aria-labelledby="progress-heading" data-testid="progress">
        <h2 id="progress-heading">{t("Progress")}</h2>
        <ProgressEntries entries={timeline} />
      </section>

      <FixedQuestionBox token={token} tracked={tracked} />
      <ReporterUpdateForm token={token} />

      <nav className="details__links" aria-label={t("More actions")}>
        <Link className="button" to={paths.grievance(grievance.id)}>
          {t("Public page of this report")}
        </Link>
        <Link className="button button--secondary" to={paths.myReports()}>
          {t("My Reports")}
        </Link>
      </nav>
    </article>
  );
}
