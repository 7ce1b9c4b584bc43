import { listViewOf, type ListView } from "../../../lib/paths.ts";
import { changedQuery } from "../../../lib/query-string.ts";
import { useFilterParams } from "../../../lib/use-filter-params.ts";

const VIEWS: { view: ListView; label: string }[] = [
  { view: "list", label: "List" },
  { view: "map", label: "Map" },
];

/**
 * List or Map: two toggle buttons (aria-pressed) in a named group, which screen readers announce as "List, toggle
 * button, pressed". The choice lives in the URL (`view=map`), beside the filters, so a shared link keeps it.
 */
export function ViewSwitch() {
  const [params, setParams] = useFilterParams();
  const current = listViewOf(params);

  const choose = (view: ListView) => {
    if (view === current) return;
    // The map has no pages; back in the list, page 1.
    setParams((prev) => changedQuery(prev, { view: view === "map" ? "map" : null }));
  };

  return (
    <div className="view-switch" role="group" aria-label="Show reports as" data-testid="view-switch">
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          className="view-switch__button"
          aria-pressed={view === current}
          onClick={() => choose(view)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
