import { Link } from "react-router";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import { StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { formatDate } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";

/** The reports about the point as the answer orders them: open ones first, then the newest; each links to its page. */
export function WaterPointReports({ reports }: { reports: WaterPointView["reports"] }) {
  const t = useT();
  const categoryName = useCategoryName();
  if (reports.length === 0) return <p className="muted">{t("Nobody has reported a problem at this point yet.")}</p>;
  return (
    <ul className="water-point-reports" data-testid="water-point-reports">
      {reports.map((report) => (
        <li key={report.id}>
          <Link to={paths.grievance(report.id)}>
            <bdi>{report.title}</bdi>
          </Link>
          <p className="badge-row">
            <StatusBadge status={report.status} />
          </p>
          <p className="muted">
            <bdi>{categoryName(report.category)}</bdi>
            {" · "}
            <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
            {" · "}
            <span className="reference">{report.reference}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
