import { useId } from "react";
import { useFilterParams } from "../../../lib/use-filter-params.ts";

/**
 * The console's filters beyond the public list's (which GrievanceFilters renders): "Overdue only", "Reopened by
 * reporter only" and what to do with hidden reports. Like the others they live in the URL query, and a change goes back to page 1.
 */
export function QueueExtraFilters() {
  const [searchParams, setSearchParams] = useFilterParams();
  const id = useId();
  const overdue = searchParams.get("overdue") === "true";
  const reopened = searchParams.get("reopened") === "true";
  const hidden = searchParams.get("hidden") ?? "include";

  const update = (key: "overdue" | "reopened" | "hidden", value: string | null) => {
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(key);
      else next.set(key, value);
      next.delete("page");
      return next;
    });
  };

  return (
    <section className="card queue-filters" aria-label="Console filters">
      <div className="queue-filters__row">
        <div className="checkbox-field">
          <input
            id={`${id}-overdue`}
            type="checkbox"
            name="overdue"
            checked={overdue}
            onChange={(event) => update("overdue", event.target.checked ? "true" : null)}
          />
          <label htmlFor={`${id}-overdue`}>Overdue only</label>
        </div>
        <div className="checkbox-field">
          <input
            id={`${id}-reopened`}
            type="checkbox"
            name="reopened"
            checked={reopened}
            onChange={(event) => update("reopened", event.target.checked ? "true" : null)}
          />
          <label htmlFor={`${id}-reopened`}>Reopened by reporter only</label>
        </div>
        <div className="field queue-filters__hidden">
          <label htmlFor={`${id}-hidden`}>Hidden reports</label>
          <select
            id={`${id}-hidden`}
            name="hidden"
            value={hidden}
            onChange={(event) => update("hidden", event.target.value === "include" ? null : event.target.value)}
          >
            <option value="include">Include hidden</option>
            <option value="only">Only hidden</option>
            <option value="exclude">Exclude hidden</option>
          </select>
        </div>
      </div>
    </section>
  );
}
