import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { ChartBlock, FigureTable } from "./chart-block.tsx";
import type { ChartLocale } from "./chart-locale.ts";
import { COLOURS, weekAxis, valueAxis } from "./chart-scales.ts";

type Weeks = PublicStats["trends"]["weeks"];
const DAY = 86_400;

/** Reports received and resolutions per week, as two lines (solid and dashed, so colour is not the only cue). */
export function ReceivedResolvedChart({ weeks, locale }: { weeks: Weeks; locale: ChartLocale }) {
  const t = useT();
  const draw = useCallback(
    (width: number) => {
      const highest = Math.max(1, ...weeks.flatMap((w) => [w.received, w.resolved]));
      return Plot.plot({
        width,
        height: 240,
        ...weekAxis(weeks, locale, width, "point"),
        ...valueAxis(locale, highest),
        marks: [
          Plot.ruleY([0]),
          Plot.lineY(weeks, { x: "start", y: "received", stroke: COLOURS.received, strokeWidth: 2.5 }),
          Plot.dot(weeks, { x: "start", y: "received", fill: COLOURS.received, r: 3.5 }),
          Plot.lineY(weeks, {
            x: "start",
            y: "resolved",
            stroke: COLOURS.resolved,
            strokeWidth: 2.5,
            strokeDasharray: "6 4",
          }),
          Plot.dot(weeks, { x: "start", y: "resolved", fill: COLOURS.resolved, r: 3.5, symbol: "square" }),
        ],
      });
    },
    [weeks, locale],
  );
  return (
    <ChartBlock
      id="weekly"
      title={t("Reports received and resolved per week")}
      draw={draw}
      legend={[
        { label: t("Received"), swatch: "received" },
        { label: t("Resolved"), swatch: "resolved" },
      ]}
      table={
        <FigureTable
          caption={t("Reports received and resolved per week")}
          columns={[t("Week of"), t("Received"), t("Resolved")]}
          rows={weeks.map((w) => [locale.weekWithYear(w.start), locale.number(w.received), locale.number(w.resolved)])}
        />
      }
    />
  );
}

/** Reports reopened each week: resolved, then found not to be fixed. */
export function ReopenedChart({ weeks, locale }: { weeks: Weeks; locale: ChartLocale }) {
  const t = useT();
  const draw = useCallback(
    (width: number) =>
      Plot.plot({
        width,
        height: 180,
        ...weekAxis(weeks, locale, width, "band"),
        ...valueAxis(locale, Math.max(1, ...weeks.map((w) => w.reopened))),
        marks: [Plot.barY(weeks, { x: "start", y: "reopened", fill: COLOURS.reopened }), Plot.ruleY([0])],
      }),
    [weeks, locale],
  );
  const total = weeks.reduce((sum, w) => sum + w.reopened, 0);
  return (
    <ChartBlock
      id="reopened"
      title={t("Reports reopened per week")}
      lead={t(
        "{count, plural, one {# report was reopened} other {# reports were reopened}} in the last twelve weeks.",
        {
          count: total,
        },
      )}
      draw={draw}
      table={
        <FigureTable
          caption={t("Reports reopened per week")}
          columns={[t("Week of"), t("Reopened")]}
          rows={weeks.map((w) => [locale.weekWithYear(w.start), locale.number(w.reopened)])}
        />
      }
    />
  );
}

/** The median and the 90th percentile of each week's times to resolution, in days. */
export function ResolutionTimeChart({ trends, locale }: { trends: PublicStats["trends"]; locale: ChartLocale }) {
  const t = useT();
  const { weeks } = trends;
  const draw = useCallback(
    (width: number) => {
      const days = (seconds: number | null) => (seconds === null ? NaN : seconds / DAY);
      const points = weeks.map((w) => ({
        start: w.start,
        median: days(w.medianResolutionSeconds),
        p90: days(w.p90ResolutionSeconds),
      }));
      const highest = Math.max(1, ...points.flatMap((p) => [p.median, p.p90]).filter(Number.isFinite));
      return Plot.plot({
        width,
        height: 220,
        ...weekAxis(weeks, locale, width, "point"),
        ...valueAxis(locale, highest),
        marks: [
          Plot.ruleY([0]),
          Plot.lineY(points, { x: "start", y: "p90", stroke: COLOURS.p90, strokeWidth: 2.5, strokeDasharray: "6 4" }),
          Plot.dot(points, { x: "start", y: "p90", fill: COLOURS.p90, r: 3.5, symbol: "square" }),
          Plot.lineY(points, { x: "start", y: "median", stroke: COLOURS.median, strokeWidth: 2.5 }),
          Plot.dot(points, { x: "start", y: "median", fill: COLOURS.median, r: 3.5 }),
        ],
      });
    },
    [weeks, locale],
  );
  const none = t("No data yet");
  const duration = (seconds: number | null) => (seconds === null ? none : formatDuration(seconds));
  return (
    <ChartBlock
      id="resolution-time"
      title={t("Days from report to resolution, per week")}
      lead={
        trends.medianResolutionSeconds === null
          ? t("No report was resolved in the last twelve weeks.")
          : t("Over the last twelve weeks: half were resolved within {median}, nine in ten within {p90}.", {
              median: duration(trends.medianResolutionSeconds),
              p90: duration(trends.p90ResolutionSeconds),
            })
      }
      draw={draw}
      legend={[
        { label: t("Median"), swatch: "median" },
        { label: t("90th percentile"), swatch: "p90" },
      ]}
      table={
        <FigureTable
          caption={t("Days from report to resolution, per week")}
          columns={[t("Week of"), t("Median"), t("90th percentile")]}
          rows={weeks.map((w) => [
            locale.weekWithYear(w.start),
            duration(w.medianResolutionSeconds),
            duration(w.p90ResolutionSeconds),
          ])}
        />
      }
    />
  );
}
