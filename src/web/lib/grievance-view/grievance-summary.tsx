import type { ReactNode } from "react";
import type { PublicGrievance } from "#shared/api-types.ts";
import { useCategoryName } from "../categories/use-categories.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { formatDate, formatDateTime } from "../i18n/format.ts";
import { PriorityBadge, StatusBadge } from "./badges.tsx";

interface GrievanceSummaryProps {
  grievance: PublicGrievance;
  /** More badges after priority and status (the console's overdue and hidden markers). */
  flags?: ReactNode;
  /** Shown after the reported date and time (the console's age). */
  reportedNote?: ReactNode;
}

/**
 * Title, badges, reference, reported date, location and category: the top of the public and the staff details
 * pages and of the reporter's private page.
 */
export function GrievanceSummary({ grievance, flags, reportedNote }: GrievanceSummaryProps) {
  const t = useT();
  const categoryName = useCategoryName();
  // What people typed keeps its own direction (dir="auto"): English in an Arabic page keeps its "?" at its end.
  return (
    <>
      <header className="details__header">
        <h1 className="details__title" dir="auto">
          {grievance.title}
        </h1>
        <div className="badge-row">
          <PriorityBadge priority={grievance.priority} withWord />
          <StatusBadge status={grievance.status} />
          {flags}
        </div>
      </header>

      <div className="details__meta">
        <p>
          <span className="details__meta-label">{t("Reference:")}</span>{" "}
          <span className="reference" data-testid="details-reference">
            {grievance.reference}
          </span>
        </p>
        <p>
          <span className="details__meta-label">{t("Reported on")}</span>{" "}
          <time dateTime={grievance.created_at}>{formatDateTime(grievance.created_at)}</time>
          {reportedNote && <> {reportedNote}</>}
        </p>
        {/* Its service target's due time, while it is open (docs/decisions/030-service-targets-and-escalation.md). */}
        {grievance.expectedResolutionAt && (
          <p data-testid="expected-by">
            {t("Expected by {date}", { date: formatDate(grievance.expectedResolutionAt) })}
          </p>
        )}
        {grievance.location && (
          <p>
            <span className="details__meta-label">{t("Location:")}</span> <bdi>{grievance.location}</bdi>
          </p>
        )}
        <p>
          <span className="details__meta-label">{t("Category:")}</span> {categoryName(grievance.category)}
        </p>
      </div>
    </>
  );
}

/** "Issue Description", line breaks kept. */
export function IssueDescription({ text }: { text: string }) {
  const t = useT();
  return (
    <section className="details__section" aria-labelledby="description-heading">
      <h2 id="description-heading">{t("Issue Description")}</h2>
      <p className="details__description" dir="auto">
        {text}
      </p>
    </section>
  );
}
