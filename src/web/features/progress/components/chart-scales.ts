import type { PublicStats } from "#shared/staff/staff-api.ts";
import type { ChartLocale } from "./chart-locale.ts";

/**
 * The charts' colours: each at least 3:1 against white (WCAG 1.4.11), and each pair told apart by more than its
 * hue (a dashed line, a square dot, a label). progress.css gives the legend's swatches the same.
 */
export const COLOURS = {
  received: "#1d4ed8",
  resolved: "#15803d",
  reopened: "#b45309",
  median: "#1d4ed8",
  p90: "#7c3aed",
  within: "#15803d",
  over: "#b45309",
  overTwice: "#b91c1c",
  yes: "#15803d",
  no: "#b91c1c",
  incident: "#1d4ed8",
} as const;

/** Room for the value axis's numbers, on the left, or on the right in a right-to-left language. */
const VALUE_MARGIN = 44;
const EDGE = 16;

/** About how wide a week's label is drawn (12 px text), to leave a gap between labels. */
const labelWidth = (text: string) => 16 + text.length * 7;

/**
 * The week axis: every week, from right to left in Arabic; as many labels as fit without touching (every week on a
 * desktop, every second or third on a phone), the latest week always labelled.
 */
export function weekAxis(
  weeks: PublicStats["trends"]["weeks"],
  locale: ChartLocale,
  width: number,
  type: "band" | "point",
) {
  const starts = weeks.map((w) => w.start);
  const widest = Math.max(...starts.map((start) => labelWidth(locale.week(start))));
  const step = Math.max(1, Math.ceil((starts.length * widest) / Math.max(1, width - VALUE_MARGIN - EDGE)));
  return {
    marginLeft: locale.rtl ? EDGE : VALUE_MARGIN,
    marginRight: locale.rtl ? VALUE_MARGIN : EDGE,
    marginBottom: 32,
    x: {
      type,
      domain: starts,
      reverse: locale.rtl,
      ticks: starts.filter((_, i) => (starts.length - 1 - i) % step === 0),
      tickFormat: (start: string) => locale.week(start),
      label: null,
      ...(type === "band" ? { padding: 0.25 } : { padding: 0.3 }),
    },
  };
}

/** A count axis from zero, whole numbers only, standing on the reading side. */
export function valueAxis(locale: ChartLocale, highest: number) {
  return {
    y: {
      domain: [0, highest],
      nice: true,
      grid: true,
      ticks: Math.max(1, Math.min(5, Math.ceil(highest))),
      tickFormat: (value: number) => locale.number(value),
      label: null,
      axis: locale.rtl ? ("right" as const) : ("left" as const),
    },
  };
}

/** What a row chart's values are: shares from 0 to 1, or counts up to `highest` (whole ticks only). */
export type RowValues = { kind: "share" } | { kind: "count"; highest: number };

/**
 * Horizontal bars with a label per row (priorities, categories, incidents): the labels on the reading side, wide
 * enough for the longest (within reason), the values growing away from them.
 */
export function rowAxes(labels: string[], locale: ChartLocale, width: number, values: RowValues) {
  const longest = Math.max(...labels.map((label) => label.length), 4);
  const labelRoom = Math.min(Math.round(width * 0.45), 16 + longest * 7);
  const ticks = Math.max(2, Math.min(5, Math.floor(width / 110)));
  return {
    height: 34 + labels.length * 32,
    marginLeft: locale.rtl ? EDGE : labelRoom,
    marginRight: locale.rtl ? labelRoom : EDGE,
    marginBottom: 28,
    y: { domain: labels, label: null, axis: locale.rtl ? ("right" as const) : ("left" as const), padding: 0.25 },
    x:
      values.kind === "share"
        ? { domain: [0, 1], reverse: locale.rtl, grid: true, label: null, ticks, tickFormat: locale.percent }
        : {
            domain: [0, Math.max(1, values.highest)],
            nice: true,
            reverse: locale.rtl,
            grid: true,
            label: null,
            ticks: Math.min(ticks, Math.max(1, Math.ceil(values.highest))),
            tickFormat: locale.number,
          },
  };
}
