import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { ProgressEntries } from "#web/lib/grievance-view/progress-entries.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getGrievanceProgress } from "../api/progress.ts";

/**
 * "Progress" on the public details page (docs/product-decisions.md D11): reported, then each status change with its date,
 * new status and public note, and the reporter's updates and answers. The API leaves out staff identity, moderation
 * events and hidden updates.
 */
export function ProgressTimeline({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  // Read here rather than in the page's loader: a failure must only affect this section, never the rest of the page.
  const progress = useApiData(grievanceId, getGrievanceProgress, { what: "Progress" });
  return (
    <section className="details__section progress" aria-labelledby="progress-heading" data-testid="progress">
      <h2 id="progress-heading">{t("Progress")}</h2>
      {progress.state === "loading" && (
        <p className="muted" role="status">
          {t("Loading progress...")}
        </p>
      )}
      {progress.state === "failed" && (
        <p className="muted" role="status" data-testid="progress-error">
          {t("The progress of this report could not be loaded right now.")}
        </p>
      )}
      {progress.state === "loaded" && <ProgressEntries entries={progress.data.timeline} />}
    </section>
  );
}
