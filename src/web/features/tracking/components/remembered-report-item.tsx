import { Link } from "react-router";
import type { Status } from "#shared/domain.ts";
import { msg } from "#shared/i18n/locales.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatDate } from "#web/lib/i18n/format.ts";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getTrackedGrievance } from "../api/tracking.ts";
import type { RememberedReport } from "#web/lib/my-reports-store.ts";

const STATE_TEXTS = {
  loading: msg("Checking status..."),
  gone: msg("No longer available"),
  unknown: msg("Status unavailable right now"),
} as const;

type Current = { state: "loading" } | { state: "found"; status: Status } | { state: "gone" } | { state: "unknown" };

/** The report's status now, asked of the server with its token (the only thing this page sends). */
function useCurrentStatus(token: string): Current {
  const tracked = useApiData(token, getTrackedGrievance);
  if (tracked.state === "loaded") return { state: "found", status: tracked.data.grievance.status };
  if (tracked.state !== "failed") return { state: "loading" };
  const gone = tracked.error instanceof ApiRequestError && tracked.error.status === 404;
  return { state: gone ? "gone" : "unknown" };
}

function CurrentStatus({ token }: { token: string }) {
  const t = useT();
  const current = useCurrentStatus(token);
  if (current.state === "found") return <StatusBadge status={current.status} />;
  return <span className="muted">{t(STATE_TEXTS[current.state])}</span>;
}

/** One remembered report: reference, title, date, status now; its private page, or forget it on this device. */
export function RememberedReportItem({ report, onForget }: { report: RememberedReport; onForget: () => void }) {
  const t = useT();
  return (
    <li className="card remembered-report" data-testid="remembered-report">
      <div className="remembered-report__main">
        <p className="remembered-report__reference reference">{report.reference}</p>
        <h2 className="remembered-report__title">
          <Link to={paths.track(report.token)}>
            <bdi>{report.title}</bdi>
          </Link>
        </h2>
        <p className="remembered-report__meta">
          <span className="muted">
            {withElements(t("Submitted {date}", { date: slot("date") }), {
              date: <time dateTime={report.submittedAt}>{formatDate(report.submittedAt)}</time>,
            })}
          </span>
          <CurrentStatus token={report.token} />
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary remembered-report__forget"
        onClick={onForget}
        aria-label={t("Forget report {reference}", { reference: report.reference })}
      >
        {t("Forget")}
      </button>
    </li>
  );
}
