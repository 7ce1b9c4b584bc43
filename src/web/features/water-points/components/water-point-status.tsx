import type { WaterPointStatus } from "#shared/api-schemas/water-points.ts";
import { msg } from "#shared/i18n/locales.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** Each status's words and sign: the colour is never the only clue (a tick, a cross, a question mark). */
const STATUS = {
  functional: { label: msg("Working"), sign: "✓" },
  "not-functional": { label: msg("Not working"), sign: "✕" },
  unknown: { label: msg("Status unknown"), sign: "?" },
} as const satisfies Record<WaterPointStatus, { label: string; sign: string }>;

export function WaterPointStatusBadge({ status }: { status: WaterPointStatus }) {
  const t = useT();
  return (
    <span className={`water-point-status water-point-status--${status}`} data-testid="water-point-status">
      <span className="water-point-status__sign" aria-hidden="true">
        {STATUS[status].sign}
      </span>
      {t(STATUS[status].label)}
    </span>
  );
}

/**
 * A length of time in days and hours, or hours and minutes under a day: "3 days, 4 hours". Whole minutes; under a
 * minute is "less than a minute", none at all "none".
 */
export function useDurationText(): (seconds: number) => string {
  const t = useT();
  return (seconds) => {
    const minutes = Math.floor(seconds / 60);
    const hours = Math.floor(minutes / 60);
    const days = Math.floor(hours / 24);
    if (seconds <= 0) return t("None");
    if (minutes < 1) return t("Less than a minute");
    if (days > 0) {
      return t("{days, plural, one {# day} other {# days}}, {hours, plural, one {# hour} other {# hours}}", {
        days,
        hours: hours % 24,
      });
    }
    return t("{hours, plural, one {# hour} other {# hours}}, {minutes, plural, one {# minute} other {# minutes}}", {
      hours,
      minutes: minutes % 60,
    });
  };
}
