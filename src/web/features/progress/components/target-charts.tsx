import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import { priorityLabel } from "#shared/format.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { ChartBlock, FigureTable } from "./chart-block.tsx";
import { shortLabel, type ChartLocale } from "./chart-locale.ts";
import { COLOURS, rowAxes } from "./chart-scales.ts";

type Trends = PublicStats["trends"];

/** Open reports of each priority, in three stacked parts: within its target, past it, past twice it. */
export function BacklogChart({ backlog, locale }: { backlog: Trends["backlog"]; locale: ChartLocale }) {
  const t = useT();
  const parts = [
    { key: "withinTarget", label: t("Within target"), colour: COLOURS.within, swatch: "within" },
    { key: "overTarget", label: t("Past target"), colour: COLOURS.over, swatch: "over" },
    { key: "overTwiceTarget", label: t("Past twice the target"), colour: COLOURS.overTwice, swatch: "over-twice" },
  ] as const;
  const label = (priority: Trends["backlog"][number]["priority"]) => t(priorityLabel(priority));
  const draw = useCallback(
    (width: number) => {
      const labels = backlog.map((b) => label(b.priority));
      const rows = backlog.flatMap((b) =>
        parts.map((part) => ({ priority: label(b.priority), part: part.label, count: b[part.key] })),
      );
      const highest = Math.max(...backlog.map((b) => b.withinTarget + b.overTarget + b.overTwiceTarget));
      return Plot.plot({
        width,
        ...rowAxes(labels, locale, width, { kind: "count", highest }),
        color: { domain: parts.map((p) => p.label), range: parts.map((p) => p.colour) },
        marks: [
          Plot.barX(rows, Plot.stackX({ x: "count", y: "priority", fill: "part", order: parts.map((p) => p.label) })),
          Plot.ruleX([0]),
        ],
      });
    },
    // The labels follow the language, which `locale` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [backlog, locale],
  );
  return (
    <ChartBlock
      id="backlog"
      title={t("Open reports by age against their priority's target")}
      draw={draw}
      legend={parts.map((p) => ({ label: p.label, swatch: p.swatch }))}
      table={
        <FigureTable
          caption={t("Open reports by age against their priority's target")}
          columns={[t("Priority"), t("Target"), t("Within target"), t("Past target"), t("Past twice the target")]}
          rows={backlog.map((b) => [
            label(b.priority),
            formatDuration(b.targetDays * 86_400),
            locale.number(b.withinTarget),
            locale.number(b.overTarget),
            locale.number(b.overTwiceTarget),
          ])}
        />
      }
    />
  );
}

interface ShareRow {
  label: string;
  resolved: number;
  withinTarget: number;
}

/** The share of resolutions that came within target, one bar per row, its percentage written at its end. */
function ShareChart(props: { id: string; title: string; rowHeading: string; rows: ShareRow[]; locale: ChartLocale }) {
  const { id, title, rowHeading, rows, locale } = props;
  const t = useT();
  const draw = useCallback(
    (width: number) => {
      const labels = rows.map((r) => shortLabel(r.label));
      const bars = rows
        .filter((r) => r.resolved > 0)
        .map((r) => ({ label: shortLabel(r.label), share: r.withinTarget / r.resolved }));
      return Plot.plot({
        width,
        ...rowAxes(labels, locale, width, { kind: "share" }),
        marks: [
          Plot.barX(bars, { x: "share", y: "label", fill: COLOURS.within }),
          Plot.ruleX([0]),
          Plot.text(bars, {
            x: "share",
            y: "label",
            text: (bar: { share: number }) => locale.percent(bar.share),
            textAnchor: locale.rtl ? "end" : "start",
            dx: locale.rtl ? -5 : 5,
            fontWeight: 700,
          }),
        ],
      });
    },
    [rows, locale],
  );
  return (
    <ChartBlock
      id={id}
      title={title}
      draw={draw}
      table={
        <FigureTable
          caption={title}
          columns={[rowHeading, t("Resolved"), t("Within target"), t("Share")]}
          rows={rows.map((r) => [
            r.label,
            locale.number(r.resolved),
            locale.number(r.withinTarget),
            r.resolved === 0 ? t("No data yet") : locale.percent(r.withinTarget / r.resolved),
          ])}
        />
      }
    />
  );
}

export function WithinTargetCharts({ trends, locale }: { trends: Trends; locale: ChartLocale }) {
  const t = useT();
  // The answer names each category in English; the page shows it in its language (migration 021).
  const categoryName = useCategoryName();
  return (
    <>
      <ShareChart
        id="within-target-priority"
        title={t("Resolved within target, by priority")}
        rowHeading={t("Priority")}
        rows={trends.withinTargetByPriority.map((r) => ({ ...r, label: t(priorityLabel(r.priority)) }))}
        locale={locale}
      />
      <ShareChart
        id="within-target-category"
        title={t("Resolved within target, by category")}
        rowHeading={t("Category")}
        rows={trends.withinTargetByCategory.map((r) => ({ ...r, label: categoryName(r.category) }))}
        locale={locale}
      />
    </>
  );
}
