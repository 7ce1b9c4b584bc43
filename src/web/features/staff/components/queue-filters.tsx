import { useId } from "react";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { changedQuery } from "#web/lib/query-string.ts";
import { useFilterParams } from "#web/lib/use-filter-params.ts";
import { Field } from "#web/lib/form-field.tsx";
import { QUEUE_SORTS, type QueueSort } from "#shared/staff/staff-schemas.ts";
import { msg } from "#shared/i18n/locales.ts";
import { useQueueSort } from "./queue-sort.tsx";

// Message ids, translated where shown. The Age and Priority column headers set the same orders.
const SORT_LABELS: Record<QueueSort, string> = {
  "oldest-open": msg("Oldest open first"),
  newest: msg("Newest first"),
  priority: msg("Most urgent first"),
  affected: msg("Most people affected"),
  "time-left": msg("Least time left first"),
};

/**
 * The console's filters beyond the public list's (which GrievanceFilters renders): "Overdue only", "Reopened by
 * reporter only", what to do with hidden reports, whether others are affected, and the order. Like the others they
 * live in the URL query, and a change goes back to page 1.
 */
export function QueueExtraFilters() {
  const t = useT();
  const [searchParams, setSearchParams] = useFilterParams();
  const id = useId();
  const overdue = searchParams.get("overdue") === "true";
  const reopened = searchParams.get("reopened") === "true";
  const hidden = searchParams.get("hidden") ?? "include";
  const affected = searchParams.get("affected") === "true" ? "true" : "";
  const [sort, setSort] = useQueueSort();

  const update = (key: "overdue" | "reopened" | "hidden" | "affected", value: string | null) => {
    setSearchParams((prev) => changedQuery(prev, { [key]: value }));
  };

  return (
    <section className="card queue-filters" aria-label={t("Console filters")}>
      <div className="queue-filters__row">
        <div className="checkbox-field">
          <input
            id={`${id}-overdue`}
            type="checkbox"
            name="overdue"
            checked={overdue}
            onChange={(event) => update("overdue", event.target.checked ? "true" : null)}
          />
          <label htmlFor={`${id}-overdue`}>{t("Overdue only")}</label>
        </div>
        <div className="checkbox-field">
          <input
            id={`${id}-reopened`}
            type="checkbox"
            name="reopened"
            checked={reopened}
            onChange={(event) => update("reopened", event.target.checked ? "true" : null)}
          />
          <label htmlFor={`${id}-reopened`}>{t("Reopened by reporter only")}</label>
        </div>
        <Field id={`${id}-hidden`} label={t("Hidden reports")} className="queue-filters__hidden">
          {(control) => (
            <select
              name="hidden"
              value={hidden}
              onChange={(event) => update("hidden", event.target.value === "include" ? null : event.target.value)}
              {...control}
            >
              <option value="include">{t("Include hidden")}</option>
              <option value="only">{t("Only hidden")}</option>
              <option value="exclude">{t("Exclude hidden")}</option>
            </select>
          )}
        </Field>
        <Field id={`${id}-affected`} label={t("People affected")} className="queue-filters__affected">
          {(control) => (
            <select
              name="affected"
              value={affected}
              onChange={(event) => update("affected", event.target.value || null)}
              {...control}
            >
              <option value="">{t("Any")}</option>
              <option value="true">{t("Someone else affected too")}</option>
            </select>
          )}
        </Field>
        <Field id={`${id}-sort`} label={t("Sort by")} className="queue-filters__sort">
          {(control) => (
            <select
              name="sort"
              value={sort}
              onChange={(event) => setSort(event.target.value as QueueSort)}
              {...control}
            >
              {QUEUE_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(SORT_LABELS[value])}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </section>
  );
}
