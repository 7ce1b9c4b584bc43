import type { Priority, Status } from "../../../../shared/domain.ts";
import { priorityBadge, statusLabel } from "../../../../shared/format.ts";

/** Priority badge: low green, medium amber, high red, urgent purple (specification §4). */
export function PriorityBadge({ priority, withWord = false }: { priority: Priority; withWord?: boolean }) {
  return (
    <span className={`badge badge--priority-${priority}`} data-testid="priority-badge">
      {priorityBadge(priority, withWord)}
    </span>
  );
}

export function StatusBadge({ status }: { status: Status }) {
  return (
    <span className={`badge badge--status-${status}`} data-testid="status-badge">
      {statusLabel(status)}
    </span>
  );
}
