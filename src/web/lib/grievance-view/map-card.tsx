import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MapMarker } from "#shared/api-types.ts";
import { formatDate } from "../i18n/format.ts";
import { AffectedCount } from "./affected-count.tsx";
import { StatusBadge } from "./badges.tsx";

/**
 * A report's card in its map popup: the title links to its page (public or console); `flags` add e.g. "Hidden". An
 * h2, as the map view has no heading between it and the page's h1.
 */
export function MapCard({ report, to, flags }: { report: MapMarker; to: string; flags?: ReactNode }) {
  return (
    <>
      <h2>
        <Link to={to}>
          <bdi>{report.title}</bdi>
        </Link>
      </h2>
      <p className="badge-row">
        <StatusBadge status={report.status} />
        {flags}
      </p>
      <p className="muted">
        <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
        {report.location && (
          <>
            {" · "}
            <bdi>{report.location}</bdi>
          </>
        )}
      </p>
      <p>
        <AffectedCount affected={report.affected} />
      </p>
    </>
  );
}
