import type { Priority, Status } from "#shared/domain.ts";
import { priorityBadge, statusLabel } from "#shared/format.ts";
import { useT } from "../i18n/i18n-context.tsx";

/** Priority badge: low green, medium amber, high red, urgent purple (specification §4). */
export function PriorityBadge({ priority, withWord = false }: { priority: Priority; withWord?: boolean }) {
  const t = useT();
  return (
    <span className={`badge badge--priority-${priority}`} data-testid="priority-badge">
      {t(priorityBadge(priority, withWord))}
    </span>
  );
}

export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <span className={`badge badge--status-${status}`} data-testid="status-badge">
      {t(statusLabel(status))}
    </span>
  );
}
