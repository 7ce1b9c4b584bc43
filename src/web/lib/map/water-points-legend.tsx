import { WATER_POINT_STATUSES } from "#shared/api-schemas/water-points.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { WATER_POINT_STATUS_LABELS } from "#shared/water-points/report-water-point.ts";
import { WATER_POINT_MARKS } from "./water-points-icons.ts";

/**
 * What the water points' colours and marks mean, under a map that shows them: each status in words beside its marker,
 * so a colour never says something alone (docs/accessibility.md).
 */
export function WaterPointsLegend() {
  const t = useT();
  return (
    <ul className="water-points-legend" aria-label={t("Water points on the map")} data-testid="water-points-legend">
      <li className="water-points-legend__title" aria-hidden="true">
        {t("Water points:")}
      </li>
      {WATER_POINT_STATUSES.map((status) => (
        <li key={status} className={`water-point-icon water-point-icon--${status}`}>
          <LegendIcon status={status} />
          {t(WATER_POINT_STATUS_LABELS[status])}
        </li>
      ))}
    </ul>
  );
}

/** The marker's drawing (water-points-icons.ts), as elements. */
function LegendIcon({ status }: { status: (typeof WATER_POINT_STATUSES)[number] }) {
  const { strokes, dot } = WATER_POINT_MARKS[status];
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle className="water-point-icon__disc" cx="12" cy="12" r="10.5" />
      <g className="water-point-icon__mark">
        <path d={strokes} />
        {dot && <circle cx="12" cy="17" r=".6" />}
      </g>
    </svg>
  );
}
