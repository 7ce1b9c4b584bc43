import type { ReactNode } from "react";
import { Link } from "react-router";
import type { GrievanceImage, PublicGrievance } from "#shared/api-types.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { AttachedImages } from "#web/lib/grievance-view/attached-images.tsx";
import { AfterRepairImages } from "#web/lib/grievance-view/after-repair-images.tsx";
import { GrievanceSummary, IssueDescription } from "#web/lib/grievance-view/grievance-summary.tsx";
import { GrievanceProgressSlot } from "./progress-slot.tsx";
import { ReportPlace } from "#web/lib/grievance-view/report-place.tsx";
import { waterPointPagePath } from "#shared/water-points/water-point-paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";

/**
 * What the report's page shows from other features, handed in by the app (app/pages/grievance-page.tsx): the
 * incident it belongs to (incidents), "I have this problem too" (places), "Follow this report" (notifications).
 */
export interface GrievancePageParts {
  incidentLink: (grievance: PublicGrievance) => ReactNode;
  affected: (grievance: PublicGrievance) => ReactNode;
  follow: (grievance: PublicGrievance) => ReactNode;
}

export function GrievanceDetails({ grievance, parts }: { grievance: PublicGrievance; parts: GrievancePageParts }) {
  const t = useT();
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);
  // The water point it is about (docs/decisions/040-reporting-against-water-points.md), on the report's own answer only.
  const waterPoint = (grievance as { water_point?: { code: string; name: string } | null }).water_point;

  return (
    <article className="details card" data-testid="grievance-details">
      <GrievanceSummary grievance={grievance} />

      {/* The photos first: what a report looks like says more than its words (and is the page's largest paint). */}
      <AttachedImages images={grievance.images} />
      <AfterRepairImages images={(grievance as { after_images?: GrievanceImage[] }).after_images} />

      {parts.incidentLink(grievance)}

      {/* "N people affected", and "I have this problem too" while the report is open. */}
      <div className="details__affected">{parts.affected(grievance)}</div>

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

      {waterPoint && (
        <p className="details__water-point" data-testid="report-water-point">
          <span className="details__meta-label">{t("Water point:")}</span>{" "}
          <Link to={waterPointPagePath(waterPoint.code)}>
            {withElements(t("{name} ({code})", { name: slot("name"), code: slot("code") }), {
              name: <bdi>{waterPoint.name}</bdi>,
              code: <bdi>{waterPoint.code}</bdi>,
            })}
          </Link>
        </p>
      )}

      <GrievanceProgressSlot grievance={grievance} />

      {parts.follow(grievance)}

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
