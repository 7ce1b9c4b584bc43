import { Link, useSearchParams } from "react-router";
import { msg } from "#shared/i18n/locales.ts";
import { QUEUE_VIEWS, type QueueView } from "#shared/staff/staff-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { changedQuery } from "#web/lib/query-string.ts";
import "./work-on-reports.css";

/** The console's address keeps the view as `work` (`view` is already the List / Map switch's). */
export const WORK_VIEW_PARAM = "work";

const LABELS: Record<QueueView | "all", string> = {
  all: msg("All reports"),
  mine: msg("Mine"),
  "my-teams": msg("My teams"),
  "needs-team": msg("Needs a team"),
  // Sent by SMS without a usable place, for staff to place on the map (docs/decisions/041-sms-for-staff.md).
  "needs-place": msg("Needs a place"),
};

/** The view the address asks for, or undefined for every report. */
export function workViewOf(params: URLSearchParams): QueueView | undefined {
  const value = params.get(WORK_VIEW_PARAM);
  return QUEUE_VIEWS.find((view) => view === value);
}

/**
 * "All reports", "Mine", "My teams", "Needs a team": links above the queue, the current one marked for screen readers
 * (aria-current). The other filters are kept; the list starts again at its first page.
 */
export function QueueViews() {
  const t = useT();
  const [params] = useSearchParams();
  const current = workViewOf(params) ?? "all";
  return (
    <nav className="queue-views" aria-label={t("Whose work")} data-testid="queue-views">
      <ul>
        {(["all", ...QUEUE_VIEWS] as const).map((view) => (
          <li key={view}>
            <Link
              to={`?${changedQuery(params, { [WORK_VIEW_PARAM]: view === "all" ? null : view }).toString()}`}
              aria-current={view === current ? "page" : undefined}
              className="queue-views__link"
            >
              {t(LABELS[view])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
