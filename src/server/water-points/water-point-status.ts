import type { Status } from "#shared/domain.ts";
import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";

/**
 * What a water point is worth to residents: whether it works, since when it does not, and how long it has not worked
 * in all (docs/decisions/039-water-point-status.md). Pure, so the point's page, the map and the tests agree; the map's
 * box query has the same rule as SQL (waterPointStatusSql, water-point-status-repository.ts).
 */

/** WPDx's status_id ("Was water available on the day of the visit?"), as imported or last set by hand. */
export type WaterPointStatusId = "yes" | "no" | "unknown";

/** One public report of a category that means "not working", with its status changes oldest first. */
export interface NotWorkingReport {
  createdAt: Date;
  status: Status;
  /** While resolved, when it was last resolved (grievances.resolved_at). */
  resolvedAt: Date | null;
  changes: readonly { at: Date; from: Status; to: Status }[];
}

export interface WaterPointState {
  status: WaterPointStatus;
  /** Since when it has not worked by its reports, without a break; null when it works, or only the registry says not. */
  notFunctionalSince: Date | null;
  /** The time it did not work by its reports, each moment counted once however many reports cover it. */
  downtimeSeconds: number;
}

const FROM_STATUS_ID: Record<WaterPointStatusId, WaterPointStatus> = {
  yes: "functional",
  no: "not-functional",
  unknown: "unknown",
};

/**
 * The point's state at `now` (the portal's clock). An open report of a "not working" category makes it not
 * functional; once all of them are resolved it is functional; a point no such report names keeps its registry status.
 */
export function waterPointState(
  statusId: WaterPointStatusId,
  reports: readonly NotWorkingReport[],
  now: Date,
): WaterPointState {
  const intervals = mergeIntervals(reports.flatMap((report) => notWorkingIntervals(report, now)));
  const downtimeMs = intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
  const open = reports.some((report) => report.status !== "resolved");
  const status: WaterPointStatus = open
    ? "not-functional"
    : reports.length > 0
      ? "functional"
      : FROM_STATUS_ID[statusId];
  // The merged interval that reaches now, when a report is still open (an open report's last interval ends now).
  const current = open ? intervals.findLast(([, end]) => end >= now.getTime()) : undefined;
  return {
    status,
    notFunctionalSince: current ? new Date(current[0]) : null,
    // Rounded up: a point that stopped working a moment ago has some downtime, never "none".
    downtimeSeconds: Math.ceil(downtimeMs / 1000),
  };
}

/**
 * The times one report said the point did not work, in ms since the epoch: from its creation until it was resolved;
 * reopened (by staff, or the reporter's "No, it is still a problem"), again from the reopening until it is resolved
 * again. The time it stood resolved in between is not downtime. Anything after `now` is not counted.
 */
export function notWorkingIntervals(report: NotWorkingReport, now: Date): [number, number][] {
  const end = now.getTime();
  const intervals: [number, number][] = [];
  let openSince: number | null = report.createdAt.getTime();
  for (const change of report.changes) {
    const at = change.at.getTime();
    if (openSince !== null && change.to === "resolved") {
      intervals.push([openSince, at]);
      openSince = null;
    } else if (openSince === null && change.to !== "resolved") {
      openSince = at;
    }
  }
  // The report's status now decides how its last interval ends: still open, now; resolved without a status event
  // (a restored or imported row), when it was resolved.
  if (openSince !== null) {
    if (report.status !== "resolved") intervals.push([openSince, end]);
    else if (report.resolvedAt) intervals.push([openSince, report.resolvedAt.getTime()]);
  }
  return intervals
    .map(([start, stop]): [number, number] => [start, Math.min(stop, end)])
    .filter(([start, stop]) => stop > start);
}

/** The union of intervals, sorted and without overlaps. */
export function mergeIntervals(intervals: readonly [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
