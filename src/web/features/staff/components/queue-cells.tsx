import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { formatDuration } from "#web/lib/format-duration.ts";
import { formatDate } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { HiddenMarker, NewUpdatesMarker, ReopenedMarker } from "./markers.tsx";
import { TimeLeft } from "./time-left.tsx";

type QueueItem = StaffQueueResponse["items"][number];

/**
 * How old the report is, its time left to its next due time ("3 hours left", or "Overdue" in words and how late:
 * docs/decisions/030) and the time it was given to be resolved ("target 1 day"); then the date it was reported. A
 * resolved report has no target left to meet.
 */
export function QueueAge({ item }: { item: QueueItem }) {
  const t = useT();
  const open = item.status !== "resolved";
  return (
    <span className="queue-age">
      <span className="queue-age__age">{formatDuration(item.age_seconds, 1)}</span>
      {open && (
        <span className="queue-age__target">
          <TimeLeft item={item} />{" "}
          <span className="muted">{t("target {duration}", { duration: formatDuration(item.target_seconds, 1) })}</span>
        </span>
      )}
      <time className="queue-age__date muted" dateTime={item.created_at}>
        {formatDate(item.created_at)}
      </time>
    </span>
  );
}

/** The queue's flags: what asks for a look beyond the status and the age. */
export const hasFlags = (item: QueueItem) =>
  Boolean(item.reopened_by_reporter_at || item.hidden || item.new_reporter_updates > 0 || item.affected > 1);

/**
 * Reopened by the reporter ("No, it is still a problem"), updates from the reporter staff have not acted on, hidden
 * from the public, and other people affected: each in words, never colour alone.
 */
export function QueueFlags({ item }: { item: QueueItem }) {
  if (!hasFlags(item)) return null;
  return (
    <span className="badge-row queue-flags">
      {item.reopened_by_reporter_at && <ReopenedMarker />}
      {item.new_reporter_updates > 0 && <NewUpdatesMarker count={item.new_reporter_updates} />}
      {item.hidden && <HiddenMarker />}
      {item.affected > 1 && <AffectedCount affected={item.affected} />}
    </span>
  );
}
