import { useEffect, useState } from "react";
import { apiPaths } from "#shared/api-paths.ts";
import type { CategoryList, CategoryView } from "#shared/categories/category-schemas.ts";
import { apiFetch } from "../api-client.ts";

// One request per page visit for every component that shows categories; a failed one is tried again next time.
let pending: Promise<CategoryView[]> | undefined;

// The last list this browser was given, so that a report can be written without a connection (docs/offline.md).
// Used only when the server cannot be reached; the server checks the category again when the report is sent.
const KEPT_CATEGORIES_KEY = "categories-last-seen";

function keep(categories: CategoryView[]): CategoryView[] {
  try {
    localStorage.setItem(KEPT_CATEGORIES_KEY, JSON.stringify(categories));
  } catch {
    // Storage refused: offline, the form will then say the categories could not be loaded.
  }
  return categories;
}

function lastSeen(): CategoryView[] | undefined {
  try {
    const kept = localStorage.getItem(KEPT_CATEGORIES_KEY);
    return kept ? (JSON.parse(kept) as CategoryView[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The categories in order (GET /api/categories), shared by the form, the filters and the console. */
export function loadCategories(): Promise<CategoryView[]> {
  pending ??= apiFetch<CategoryList>(apiPaths.categories).then(
    (answer) => keep(answer.categories),
    (error: unknown) => {
      pending = undefined;
      const kept = navigator.onLine ? undefined : lastSeen();
      if (kept) return kept;
      throw error;
    },
  );
  return pending;
}

/** After an administrator's change, the next reader asks the server again. */
export function forgetCategories(): void {
  pending = undefined;
}

export interface CategoriesState {
  /** Undefined until they are in. */
  categories: CategoryView[] | undefined;
  /** They could not be loaded: the page says so (the form cannot be sent without one). */
  failed: boolean;
}

export function useCategories(): CategoriesState {
  const [state, setState] = useState<CategoriesState>({ categories: undefined, failed: false });
  useEffect(() => {
    let live = true;
    loadCategories().then(
      (categories) => live && setState({ categories, failed: false }),
      () => live && setState({ categories: undefined, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Categories by group, in order: [null, ungrouped...] first, then each group as it first appears. */
export function groupCategories(categories: CategoryView[]): [string | null, CategoryView[]][] {
  const groups = new Map<string | null, CategoryView[]>();
  for (const category of categories) groups.set(category.group, [...(groups.get(category.group) ?? []), category]);
  return [...groups];
}
