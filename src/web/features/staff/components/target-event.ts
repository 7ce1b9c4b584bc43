import { PRIORITIES, type Priority } from "#shared/domain.ts";
import { priorityLabel } from "#shared/format.ts";
import type { StaffTimelineEvent } from "#shared/staff/staff-api.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import type { useT } from "#web/lib/i18n/i18n-context.tsx";

const priorityOf = (value: unknown): string =>
  (PRIORITIES as readonly unknown[]).includes(value) ? priorityLabel(value as Priority) : "?";

/**
 * The title of an 'escalated' event (a missed target, by the portal) or a 'priority' event (staff triage) on the
 * staff timeline, as their details say (docs/decisions/030-service-targets-and-escalation.md); undefined for others.
 */
export function targetEventTitle(event: StaffTimelineEvent, t: ReturnType<typeof useT>): string | undefined {
  if (event.kind === "escalated") {
    const { target, dueAt } = event.details as Record<string, string | undefined>;
    const time = dueAt ? formatDateTime(dueAt) : "?";
    return target === "acknowledge"
      ? t("Escalated: not acknowledged by {time}", { time })
      : t("Escalated: not resolved by {time}", { time });
  }
  if (event.kind === "priority") {
    return t("Priority changed from {from} to {to}", {
      from: t(priorityOf(event.details.from)),
      to: t(priorityOf(event.details.to)),
    });
  }
  return undefined;
}
