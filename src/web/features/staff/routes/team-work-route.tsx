import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { TEAM_WORK_WINDOWS, type TeamWorkRow } from "#shared/api-schemas/team-work.ts";
import { formatCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getTeamWork } from "../api/team-work-api.ts";
import "./team-work.css";

/** /staff/team-work: the managers' view of each team's work (docs/decisions/031-technician-links.md). */
export async function teamWorkLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("days") ?? undefined;
  const days = TEAM_WORK_WINDOWS.map(String).includes(asked ?? "") ? asked : undefined;
  return withStaffSession(request, () => getTeamWork(days, request.signal));
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The share within target as words and a bar: the number is the cell's text, the bar only shows it. */
function ShareCell({ row }: { row: TeamWorkRow }) {
  const t = useT();
  if (row.withinTargetShare === null) return <span className="muted">{t("No target yet")}</span>;
  const share = row.withinTargetShare;
  return (
    <span className="team-work__share">
      <span>
        {percent(share)}{" "}
        <span className="muted">
          (
          {t("{within} of {resolved}", {
            within: formatCount(row.withinTarget),
            resolved: formatCount(row.resolvedWithTarget),
          })}
          )
        </span>
      </span>
      <span className="team-work__bar" aria-hidden="true">
        <span className="team-work__bar-fill" style={{ inlineSize: percent(share) }} />
      </span>
    </span>
  );
}

export function TeamWorkRoute() {
  const t = useT();
  const work = useLoaderData<typeof teamWorkLoader>();
  useDocumentTitle(t("Work by team"));
  return (
    <div className="page team-work" data-testid="team-work">
      <h1>{t("Work by team")}</h1>
      <p className="hint">
        {t(
          "Open and overdue reports now, and how many of the reports each team resolved in the period were resolved by their due time.",
        )}
      </p>
      <nav aria-label={t("Period")} className="team-work__windows">
        {TEAM_WORK_WINDOWS.map((days) => (
          <Link
            key={days}
            to={`?days=${days}`}
            className={days === work.days ? "button button--small" : "button button--secondary button--small"}
            aria-current={days === work.days ? "page" : undefined}
          >
            {t("Last {days} days", { days })}
          </Link>
        ))}
      </nav>
      <h2 id="team-work-table">{t("Work by team, resolved reports over the last {days} days", { days: work.days })}</h2>
      {/* Scrolled sideways on a phone: a region the keyboard can reach and scroll. */}
      <div className="team-work__scroll card" role="region" aria-labelledby="team-work-table" tabIndex={0}>
        <table className="team-work__table" aria-labelledby="team-work-table">
          <thead>
            <tr>
              <th scope="col">{t("Team")}</th>
              <th scope="col">{t("Open")}</th>
              <th scope="col">{t("Overdue")}</th>
              <th scope="col">{t("Resolved")}</th>
              <th scope="col">{t("Within target")}</th>
            </tr>
          </thead>
          <tbody>
            {work.teams.map((row) => (
              <tr key={row.team?.id ?? "none"} data-testid="team-work-row">
                <th scope="row">
                  {row.team ? <bdi>{row.team.name}</bdi> : t("Needs a team")}
                  {row.team && !row.team.active && <span className="muted"> ({t("retired")})</span>}
                </th>
                <td>{formatCount(row.open)}</td>
                <td className={row.overdue > 0 ? "team-work__overdue" : undefined}>{formatCount(row.overdue)}</td>
                <td>{formatCount(row.resolved)}</td>
                <td>
                  <ShareCell row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {work.teams.length === 0 && <p className="muted">{t("No teams yet.")}</p>}
    </div>
  );
}
