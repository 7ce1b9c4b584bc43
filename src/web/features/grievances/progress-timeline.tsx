import type { ProgressEntry } from "../../../shared/staff-api.ts";
import { formatDateTime, statusLabel } from "../../../shared/format.ts";
import { useGrievanceProgress } from "./use-grievance-progress.ts";
import "../../styles/progress.css";

function Entry({ entry }: { entry: ProgressEntry }) {
  const time = <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>;
  if (entry.type === "reported") {
    return (
      <li className="timeline__item">
        <p className="timeline__title">Reported</p>
        <p className="timeline__meta">{time}</p>
      </li>
    );
  }
  return (
    <li className={`timeline__item timeline__item--${entry.to}`}>
      <p className="timeline__title">{statusLabel(entry.to)}</p>
      <p className="timeline__meta">{time}</p>
      {entry.note && <p className="timeline__note">{entry.note}</p>}
    </li>
  );
}

/** The entries of a timeline as the API gives them, oldest first. */
export function ProgressEntries({ entries }: { entries: ProgressEntry[] }) {
  return (
    <ol className="timeline" data-testid="progress-timeline">
      {entries.map((entry, index) => (
        <Entry key={`${entry.type}-${entry.at}-${index}`} entry={entry} />
      ))}
    </ol>
  );
}

/**
 * "Progress" on the public details page (DESIGN.md D11): reported, then each status change with its date,
 * new status and public note. The API leaves out staff identity and moderation events.
 */
export function ProgressTimeline({ grievanceId }: { grievanceId: string }) {
  const progress = useGrievanceProgress(grievanceId);
  return (
    <section className="details__section progress" aria-labelledby="progress-heading" data-testid="progress">
      <h2 id="progress-heading">Progress</h2>
      {progress.state === "loading" && (
        <p className="muted" role="status">
          Loading progress...
        </p>
      )}
      {progress.state === "failed" && (
        <p className="muted" role="status" data-testid="progress-error">
          The progress of this report could not be loaded right now.
        </p>
      )}
      {progress.state === "loaded" && <ProgressEntries entries={progress.progress.timeline} />}
    </section>
  );
}
