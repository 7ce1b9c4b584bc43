import type { StaffGrievance } from "#shared/staff/staff-api.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { TimeLeft } from "./time-left.tsx";

/**
 * On the staff report page: its time left while it has some, and when it is due to be acknowledged (a first status
 * change or public note) and resolved by its service target (docs/decisions/030-service-targets-and-escalation.md).
 */
export function DueTimes({ grievance }: { grievance: StaffGrievance }) {
  const t = useT();
  if (!grievance.dueAcknowledgeAt && !grievance.dueResolveAt) return null;
  return (
    <div className="details__meta staff-report__due" data-testid="due-times">
      {/* Overdue: the header's flag says so. */}
      {grievance.nextDueAt && !grievance.overdue && (
        <p>
          <span className="details__meta-label">{t("Time left:")}</span> <TimeLeft item={grievance} />
        </p>
      )}
      {grievance.dueAcknowledgeAt && (
        <p>
          <span className="details__meta-label">{t("Acknowledge by:")}</span>{" "}
          <time dateTime={grievance.dueAcknowledgeAt}>{formatDateTime(grievance.dueAcknowledgeAt)}</time>
        </p>
      )}
      {grievance.dueResolveAt && (
        <p>
          <span className="details__meta-label">{t("Resolve by:")}</span>{" "}
          <time dateTime={grievance.dueResolveAt}>{formatDateTime(grievance.dueResolveAt)}</time>
        </p>
      )}
    </div>
  );
}
