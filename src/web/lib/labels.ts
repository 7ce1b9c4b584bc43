import type { Priority } from "../../shared/domain.ts";

/** Option label of a priority on the form and in the filters: "urgent" -> "Urgent". */
export function priorityLabel(priority: Priority): string {
  return priority.charAt(0).toUpperCase() + priority.slice(1);
}
