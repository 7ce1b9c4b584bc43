import { Link } from "react-router";
import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { formatDate, showingCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { PriorityBadge, StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { Pagination } from "#web/lib/list/pagination.tsx";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useAnnouncement } from "#web/lib/announcer.tsx";
import { paths } from "#web/lib/paths.ts";
import { HiddenMarker, OverdueMarker, ReopenedMarker } from "./markers.tsx";

type QueueItem = StaffQueueResponse["items"][number];
const flagged = (item: QueueItem) => Boolean(item.reopened_by_reporter_at || item.overdue || item.hidden);

/**
 * The work queue as a table (one row per report, in the API's order: oldest open first, or most affected first). On a phone the rows
 * become stacked blocks (staff.css) with each cell labelled by its data-label.
 */
export function QueueTable({ data }: { data: StaffQueueResponse }) {
  const t = useT();
  const count = showingCount(data, "reports");
  useAnnouncement(count);
  return (
    <>
      <p className="result-count" data-testid="queue-count">
        {count}
      </p>
      {data.items.length === 0 ? (
        <div className="empty-state card">
          <h2>{t(MESSAGES.noGrievances)}</h2>
          <p>{t(MESSAGES.noGrievancesHint)}</p>
        </div>
      ) : (
        <div className="card queue-table-wrap">
          <table className="queue-table" data-testid="queue-table">
            <caption className="visually-hidden">{t("Reports")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Report")}</th>
                <th scope="col">{t("Category")}</th>
                <th scope="col">{t("Priority")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Reported")}</th>
                <th scope="col">{t("Flags")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} data-testid="queue-row">
                  <th scope="row" className="queue-table__title">
                    <Link to={paths.staffGrievance(item.id)}>{item.title}</Link>
                    {/* Under the title rather than a column of its own: the table has no width to spare. */}
                    {item.affected > 1 && (
                      <span className="queue-table__affected">
                        <AffectedCount affected={item.affected} />
                      </span>
                    )}
                  </th>
                  <td data-label={t("Category")}>{item.category}</td>
                  <td data-label={t("Priority")}>
                    <PriorityBadge priority={item.priority} />
                  </td>
                  <td data-label={t("Status")}>
                    <StatusBadge status={item.status} />
                  </td>
                  <td data-label={t("Reported")}>
                    <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                    <span className="muted queue-table__age">
                      {t("{duration} ago", { duration: formatDuration(item.age_seconds, 1) })}
                    </span>
                  </td>
                  {/* A row without flags leaves the cell empty: stacked on a phone, it then takes no line. */}
                  <td data-label={t("Flags")} className={flagged(item) ? undefined : "queue-table__no-flags"}>
                    {flagged(item) && (
                      <span className="badge-row">
                        {item.reopened_by_reporter_at && <ReopenedMarker />}
                        {item.overdue && <OverdueMarker />}
                        {item.hidden && <HiddenMarker />}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination data={data} />
    </>
  );
}
