import { msg } from "#shared/i18n/locales.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { listViewOf, type ListView } from "../paths.ts";
import { changedQuery } from "../query-string.ts";
import { useFilterParams } from "../use-filter-params.ts";

const VIEWS: { view: ListView; label: string }[] = [
  { view: "list", label: msg("List") },
  { view: "map", label: msg("Map") },
];

/**
 * List or Map: two toggle buttons (aria-pressed) in a named group, which screen readers announce as "List, toggle
 * button, pressed". The choice lives in the URL (`view=map`), beside the filters, so a shared link keeps it.
 */
export function ViewSwitch() {
  const t = useT();
  const [params, setParams] = useFilterParams();
  const current = listViewOf(params);

  const choose = (view: ListView) => {
    if (view === current) return;
    // The map has no pages; back in the list, page 1.
    setParams((prev) => changedQuery(prev, { view: view === "map" ? "map" : null }));
  };

  return (
    <div className="view-switch" role="group" aria-label={t("Show reports as")} data-testid="view-switch">
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          className="view-switch__button"
          aria-pressed={view === current}
          onClick={() => choose(view)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
