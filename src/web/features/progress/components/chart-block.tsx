import type { ReactNode } from "react";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { PlotChart } from "./plot-chart.tsx";

export interface LegendItem {
  label: string;
  /** A modifier of `.stats-legend__swatch` (progress.css): the series' colour and line. */
  swatch: string;
}

export interface ChartBlockProps {
  id: string;
  title: string;
  /** One sentence saying how to read the chart, or its headline figure. */
  lead?: ReactNode;
  draw: (width: number) => SVGSVGElement | HTMLElement;
  legend?: LegendItem[];
  /** The chart's figures as a table (FigureTable). */
  table: ReactNode;
}

/**
 * A chart with its title, an optional legend in words, and the same figures as a table right after it, folded
 * (docs/decisions/027-statistics-charts.md): the chart is read at a glance, the table by a screen reader or anyone
 * who wants the numbers.
 */
export function ChartBlock({ id, title, lead, draw, legend, table }: ChartBlockProps) {
  const t = useT();
  return (
    <div className="stats-chart-block" data-testid={`chart-${id}`} aria-labelledby={`chart-${id}-title`} role="group">
      <h3 id={`chart-${id}-title`} className="stats-chart-block__title">
        {title}
      </h3>
      {lead && <p className="muted stats-chart-block__lead">{lead}</p>}
      <PlotChart name={title} draw={draw} />
      {legend && (
        <ul className="stats-legend" aria-hidden="true">
          {legend.map((item) => (
            <li key={item.label}>
              <span className={`stats-legend__swatch stats-legend__swatch--${item.swatch}`} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <details className="stats-chart-block__table">
        <summary>{t("The figures as a table")}</summary>
        {table}
      </details>
    </div>
  );
}

export interface FigureTableProps {
  caption: string;
  /** The first column's heading, then the others'. */
  columns: string[];
  /** Each row: its heading, then its cells. */
  rows: Array<[string, ...ReactNode[]]>;
}

/** A table of a chart's figures: one row per bar or point, numbers aligned at the end. */
export function FigureTable({ caption, columns, rows }: FigureTableProps) {
  const [first, ...rest] = columns;
  return (
    <table className="stats-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {rest.map((column) => (
            <th scope="col" key={column} className="stats-table__number">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([heading, ...cells], i) => (
          <tr key={`${heading}-${i}`}>
            <th scope="row">
              <bdi>{heading}</bdi>
            </th>
            {cells.map((cell, j) => (
              <td key={j} className="stats-table__number">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
