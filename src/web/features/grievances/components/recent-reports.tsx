import { Link } from "react-router";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { timeAgo } from "#web/lib/time-ago.ts";
import { paths } from "#web/lib/paths.ts";
import "#web/styles/badges.css";
import "#web/styles/recent-reports.css";

/** The landing page's newest reports: status, title (the link), place and how long ago. */
export function RecentReports({ data }: { data: GrievanceListResponse }) {
  // Also re-renders the times ("3 hours ago") in a newly chosen language.
  const t = useT();
  if (data.items.length === 0) return <p className="muted">{t("No reports yet.")}</p>;
  return (
    <ul className="recent-list">
      {data.items.map((report) => (
        <li key={report.id} className="recent-list__item">
          <StatusBadge status={report.status} />
          <Link to={paths.grievance(report.id)}>
            <bdi>{report.title}</bdi>
          </Link>
          <span className="muted recent-list__meta">
            {report.location && (
              <>
                <bdi>{report.location}</bdi>
                {" · "}
              </>
            )}
            <time dateTime={report.created_at}>{timeAgo(report.created_at)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
