import type { ReactNode } from "react";
import { staffQueueQuerySchema, type QueueSort } from "#shared/staff/staff-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { changedQuery } from "#web/lib/query-string.ts";
import { useFilterParams } from "#web/lib/use-filter-params.ts";

/** The queue's order as the address asks for it: `sort`, oldest open first when absent or unknown. */
export function queueSortOf(params: URLSearchParams): QueueSort {
  const sort = staffQueueQuerySchema.shape.sort.safeParse(params.get("sort") ?? undefined);
  return sort.success ? sort.data : "oldest-open";
}

/** The address's `sort` for an order: none for the default, so the plain queue keeps its plain address. */
export const sortParam = (sort: QueueSort): string | null => (sort === "oldest-open" ? null : sort);

/** The queue's order and a way to change it (back to page 1), shared by the column headers and the "Sort by" list. */
export function useQueueSort(): [QueueSort, (sort: QueueSort) => void] {
  const [searchParams, setSearchParams] = useFilterParams();
  const change = (sort: QueueSort) => setSearchParams((prev) => changedQuery(prev, { sort: sortParam(sort) }));
  return [queueSortOf(searchParams), change];
}

/**
 * A column header that orders the queue: a button inside the header cell, whose `aria-sort` says how the rows are
 * ordered now (docs/accessibility.md). `orders` maps each order this column stands for to its direction; a press
 * moves to `next(current)`.
 */
export function SortableHeader({
  label,
  orders,
  next,
  sort,
  onSort,
  className,
}: {
  label: ReactNode;
  orders: Partial<Record<QueueSort, "ascending" | "descending">>;
  next: (current: QueueSort) => QueueSort;
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
  className?: string;
}) {
  const t = useT();
  const direction = orders[sort];
  const upcoming = orders[next(sort)];
  return (
    <th scope="col" aria-sort={direction ?? "none"} className={className}>
      <button
        type="button"
        className="queue-table__sort"
        onClick={() => onSort(next(sort))}
        title={upcoming === "ascending" ? t("Sort ascending") : t("Sort descending")}
      >
        {label}
        {/* The arrow repeats aria-sort for the eye; an unsorted column shows a faint double arrow. */}
        <span aria-hidden="true" className="queue-table__sort-arrow">
          {direction === "ascending" ? "\u25B2" : direction === "descending" ? "\u25BC" : "\u21C5"}
        </span>
      </button>
    </th>
  );
}
