import { PRIORITIES, STATUSES } from "../../../shared/domain.ts";
import { statusLabel } from "../../../shared/format.ts";
import type { PublicStats, StatsWindow } from "../../../shared/staff-api.ts";
import { priorityLabel } from "../../../shared/format.ts";
import { formatDuration } from "../../lib/format-duration.ts";

const NO_DATA = "No data yet";

function CountTable({ caption, label, rows }: { caption: string; label: string; rows: Array<[string, number]> }) {
  return (
    <table className="stats-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col" className="stats-table__number">
            Reports
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, count]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="stats-table__number">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StatusCounts({ stats }: { stats: PublicStats }) {
  const rows = STATUSES.map((status): [string, number] => [statusLabel(status), stats.byStatus[status] ?? 0]);
  return <CountTable caption="Reports by status" label="Status" rows={[...rows, ["All reports", stats.total]]} />;
}

export function CategoryCounts({ stats }: { stats: PublicStats }) {
  // By each category's current name, in the administrators' order (the server's order).
  const rows = Object.entries(stats.byCategory);
  return <CountTable caption="Reports by category" label="Category" rows={rows} />;
}

function median(seconds: number | null, count: number, noun: string) {
  if (seconds === null) return <span className="muted">{NO_DATA}</span>;
  return (
    <>
      {formatDuration(seconds)}
      <span className="muted stats-table__basis">{`(${count} ${noun}${count === 1 ? "" : "s"})`}</span>
    </>
  );
}

/** Medians per look-back window (the API gives 30 and 90 days), one column each. */
export function DurationTable({ windows }: { windows: StatsWindow[] }) {
  return (
    <table className="stats-table">
      <caption>Median times</caption>
      <thead>
        <tr>
          <th scope="col">Measure</th>
          {windows.map((w) => (
            <th scope="col" key={w.days}>{`Last ${w.days} days`}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Time to first response</th>
          {windows.map((w) => (
            <td key={w.days}>{median(w.medianFirstResponseSeconds, w.firstResponses, "report")}</td>
          ))}
        </tr>
        <tr>
          <th scope="row">Time to resolution</th>
          {windows.map((w) => (
            <td key={w.days}>{median(w.medianResolutionSeconds, w.resolutions, "report")}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** Share of open reports past their priority's target, with the targets spelled out. */
export function OverdueSummary({ stats }: { stats: PublicStats }) {
  const share = stats.overdueShare === null ? null : Math.round(stats.overdueShare * 100);
  return (
    <>
      <p className="stats-figure" data-testid="overdue-share">
        {share === null ? (
          "No reports are open at the moment."
        ) : (
          <>
            <strong>{`${share}%`}</strong>
            {` of open reports are overdue (${stats.overdueOpen} of ${stats.open}).`}
          </>
        )}
      </p>
      <p>A report is overdue when it is still pending or in progress after the target time for its priority:</p>
      <dl className="stats-targets">
        {[...PRIORITIES].reverse().map((priority) => (
          <div key={priority}>
            <dt>{priorityLabel(priority)}</dt>
            <dd>{formatDuration(stats.overdueTargetDays[priority] * 86_400)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
