import { useEffect, useId, useState } from "react";
import { FIELD_LIMITS, PRIORITIES, STATUSES } from "#shared/domain.ts";
import { CategoryOptions } from "../categories/category-options.tsx";
import { useCategories } from "../categories/use-categories.ts";
import { priorityLabel, statusLabel } from "#shared/format.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { changedQuery } from "../query-string.ts";
import { useFilterParams } from "../use-filter-params.ts";
import { Field } from "../form-field.tsx";

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Keys of the list's and the queue's address that are not filters: how to show them (the view, the console's order
 * `sort`, which its column headers set), and which page.
 */
const NOT_FILTERS = new Set(["view", "page", "cursor", "sort"]);

/** How many filters the address sets. */
export function activeFilterCount(params: URLSearchParams): number {
  return new Set([...params.keys()].filter((key) => !NOT_FILTERS.has(key))).size;
}

/**
 * Search, Category, Status and Priority filters. They live in the URL query (docs/product-decisions.md D9): selects write it at
 * once, the search box after a short pause and with `replace`, so typing does not flood the history.
 */
export function GrievanceFilters() {
  const t = useT();
  const [searchParams, setSearchParams] = useFilterParams();
  const { categories } = useCategories();
  const id = useId();
  const q = searchParams.get("q") ?? "";
  const category = searchParams.get("category") ?? "";
  const status = searchParams.get("status") ?? "";
  const priority = searchParams.get("priority") ?? "";

  // The text box is local so typing stays instant; it follows the URL when the URL changes from outside
  // (back/forward, Clear Filters, a shared link), but not when the change is our own debounced write.
  const [text, setText] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  const [ownWrite, setOwnWrite] = useState<string | null>(null);
  // Only what the visitor typed is written to the URL: a text the box merely still shows (the URL having just changed
  // under it, e.g. by Clear Filters) must never come back and undo that change.
  const [typed, setTyped] = useState(false);
  if (q !== syncedQ) {
    setSyncedQ(q);
    if (q !== ownWrite) {
      setText(q);
      setTyped(false);
    }
    setOwnWrite(null);
  }

  useEffect(() => {
    if (!typed || text === q) return;
    const timer = setTimeout(() => {
      setTyped(false);
      setOwnWrite(text);
      setSearchParams((prev) => changedQuery(prev, { q: text.trim() ? text : null }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, text, q, setSearchParams]);

  const setFilter = (key: "category" | "status" | "priority", value: string) => {
    // Other filters, other pages: back to the first.
    setSearchParams((prev) => changedQuery(prev, { [key]: value }));
  };

  const nothingToClear = activeFilterCount(searchParams) === 0 && !text;

  const clearFilters = () => {
    setText("");
    setTyped(false);
    setOwnWrite(null);
    // Every parameter of the pages that use these filters is a filter or the page and its cursor (the console adds
    // its own "overdue" and "hidden"), except the List / Map choice and the console's order, which say how to show
    // them, not which.
    setSearchParams((prev) => changedQuery(new URLSearchParams(), { view: prev.get("view"), sort: prev.get("sort") }));
  };

  return (
    <section className="filters card" aria-label={t("Filters")}>
      <form className="filters__grid" role="search" onSubmit={(event) => event.preventDefault()}>
        <Field id={`${id}-q`} label={t("Search")} className="filters__search">
          {(control) => (
            <input
              type="text"
              dir="auto"
              enterKeyHint="search"
              name="q"
              value={text}
              maxLength={FIELD_LIMITS.search}
              placeholder={t("Title, description or location")}
              autoComplete="off"
              onChange={(event) => {
                setText(event.target.value);
                setTyped(true);
              }}
              {...control}
            />
          )}
        </Field>
        <Field id={`${id}-category`} label={t("Category")}>
          {(control) => (
            <select
              name="category"
              value={category}
              onChange={(event) => setFilter("category", event.target.value)}
              {...control}
            >
              <option value="">{t("All Categories")}</option>
              {categories ? (
                <CategoryOptions categories={categories} inactiveNote={t("(no longer offered)")} />
              ) : (
                // Until the list is in, the chosen one (from the address) stays selectable.
                category && <option value={category}>{category}</option>
              )}
            </select>
          )}
        </Field>
        <Field id={`${id}-status`} label={t("Status")}>
          {(control) => (
            <select
              name="status"
              value={status}
              onChange={(event) => setFilter("status", event.target.value)}
              {...control}
            >
              <option value="">{t("All Statuses")}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(statusLabel(value))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-priority`} label={t("Priority")}>
          {(control) => (
            <select
              name="priority"
              value={priority}
              onChange={(event) => setFilter("priority", event.target.value)}
              {...control}
            >
              <option value="">{t("All Priorities")}</option>
              {PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(priorityLabel(value))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="filters__actions">
          {/*
            A quiet action, and only live when there is something to clear (the page's one primary action is
            elsewhere). aria-disabled, not disabled: pressing it clears everything, and a disabled button would then
            drop the keyboard focus to the page body (docs/accessibility.md).
          */}
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={nothingToClear || undefined}
            onClick={() => {
              if (!nothingToClear) clearFilters();
            }}
          >
            {t("Clear Filters")}
          </button>
        </div>
      </form>
    </section>
  );
}
