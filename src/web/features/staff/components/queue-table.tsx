import { Link } from "react-router";
import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { showingCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { MESSAGES } from "#shared/messages.ts";
import { PriorityBadge, StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { Pagination } from "#web/lib/list/pagination.tsx";
import { useAnnouncement } from "#web/lib/announcer.tsx";
import { paths } from "#web/lib/paths.ts";
import { QueueAge, QueueFlags, hasFlags } from "./queue-cells.tsx";
import { QueueTeam, type QueueSelection } from "./queue-selection.tsx";
import { SortableHeader, useQueueSort } from "./queue-sort.tsx";

/**
 * The work queue as a table, one row per report in the API's order (oldest open first unless sorted otherwise).
 * The Age and Priority headers order it (queue-sort.tsx). On a phone the rows become cards (staff-queue.css): the
 * title first, then each cell labelled by its data-label.
 */
export function QueueTable({ data, selection }: { data: StaffQueueResponse; selection?: QueueSelection }) {
  const t = useT();
  const pageIds = data.items.map((item) => item.id);
  const allChosen = pageIds.length > 0 && pageIds.every((id) => selection?.chosen.has(id));
  const categoryName = useCategoryName();
  const count = showingCount(data, "reports");
  const [sort, setSort] = useQueueSort();
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
                {selection && (
                  <td className="queue-table__choose">
                    <input
                      type="checkbox"
                      aria-label={t("Choose every report on this page")}
                      checked={allChosen}
                      onChange={() => selection.setMany(pageIds, !allChosen)}
                      data-testid="queue-choose-all"
                    />
                  </td>
                )}
                <th scope="col">{t("Reference")}</th>
                <th scope="col">{t("Title")}</th>
                <th scope="col">{t("Location")}</th>
                <th scope="col">{t("Category")}</th>
                <SortableHeader
                  label={t("Priority")}
                  orders={{ priority: "descending" }}
                  next={() => "priority"}
                  sort={sort}
                  onSort={setSort}
                />
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Team")}</th>
                <SortableHeader
                  label={t("Age and target")}
                  orders={{ "oldest-open": "descending", newest: "ascending" }}
                  next={(current) => (current === "oldest-open" ? "newest" : "oldest-open")}
                  sort={sort}
                  onSort={setSort}
                />
                <th scope="col">{t("Incident")}</th>
                <th scope="col">{t("Flags")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} data-testid="queue-row" className={item.overdue ? "queue-row--overdue" : undefined}>
                  {selection && (
                    <td className="queue-table__choose">
                      <input
                        type="checkbox"
                        aria-label={t("Choose {reference}", { reference: item.reference })}
                        checked={selection.chosen.has(item.id)}
                        onChange={() => selection.setMany([item.id], !selection.chosen.has(item.id))}
                        data-testid="queue-choose"
                      />
                    </td>
                  )}
                  <td data-label={t("Reference")} className="queue-table__reference">
                    <span className="reference">{item.reference}</span>
                  </td>
                  <th scope="row" className="queue-table__title">
                    <Link to={paths.staffGrievance(item.id)} dir="auto">
                      {item.title}
                    </Link>
                  </th>
                  {/*
                    Empty cells take no line on a phone (queue-table__empty). Typed text keeps its own direction
                    inside a span that keeps the page's, so a phone's card aligns it with the other values.
                  */}
                  <td data-label={t("Location")} className={item.location ? undefined : "queue-table__empty"}>
                    {item.location && (
                      <span>
                        <bdi>{item.location}</bdi>
                      </span>
                    )}
                  </td>
                  <td data-label={t("Category")}>{categoryName(item.category)}</td>
                  <td data-label={t("Priority")} className="queue-table__tag">
                    <PriorityBadge priority={item.priority} />
                  </td>
                  <td data-label={t("Status")} className="queue-table__tag">
                    <StatusBadge status={item.status} />
                  </td>
                  <td data-label={t("Team")} data-testid="queue-team" className="queue-table__team">
                    <QueueTeam item={item} />
                  </td>
                  <td data-label={t("Age and target")} className="queue-table__age">
                    <QueueAge item={item} />
                  </td>
                  <td data-label={t("Incident")} className={item.incident ? undefined : "queue-table__empty"}>
                    {item.incident && (
                      <span>
                        <Link to={paths.staffIncident(item.incident.id)}>
                          <bdi>{item.incident.title}</bdi>
                        </Link>
                      </span>
                    )}
                  </td>
                  <td data-label={t("Flags")} className={hasFlags(item) ? undefined : "queue-table__empty"}>
                    <QueueFlags item={item} />
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
