import { useState } from "react";
import type { StaffGrievance } from "#shared/staff/staff-api.ts";
import { formatDuration } from "#web/lib/format-duration.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { OverdueMarker } from "./markers.tsx";

/**
 * An open report's time to its next deadline (to acknowledge while nobody has, then to resolve: docs/decisions/030),
 * in words: "3 hours left", or "Overdue" and how long since. Nothing for a resolved report or one without due times.
 */
export function TimeLeft({ item }: { item: Pick<StaffGrievance, "nextDueAt" | "overdue"> }) {
  // The time the page was drawn: the queue and the page are reloaded often enough for minutes to stay right.
  const [now] = useState(Date.now);
  const t = useT();
  if (!item.nextDueAt) return null;
  const seconds = Math.round((Date.parse(item.nextDueAt) - now) / 1000);
  const due = formatDateTime(item.nextDueAt);
  if (item.overdue || seconds <= 0) {
    return (
      <span className="time-left time-left--overdue" data-testid="time-left" title={t("Due {date}", { date: due })}>
        <OverdueMarker />{" "}
        <span className="muted">{t("{duration} late", { duration: formatDuration(-seconds, 1) })}</span>
      </span>
    );
  }
  return (
    <span className="time-left" data-testid="time-left" title={t("Due {date}", { date: due })}>
      {t("{duration} left", { duration: formatDuration(seconds, 1) })}
    </span>
  );
}
