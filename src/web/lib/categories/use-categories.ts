import { useMemo } from "react";
import { apiPaths } from "#shared/api-paths.ts";
import type { CategoryList, CategoryView } from "#shared/categories/category-schemas.ts";
import { categoryTextIn } from "#shared/categories/category-text.ts";
import { apiFetch } from "../api-client.ts";
import { useLocale } from "../i18n/i18n-context.tsx";
import { forgetRead, readOnce, useApiData } from "../use-api-data.ts";

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

const CATEGORIES = "categories";

/**
 * The categories in order (GET /api/categories), shared by the form, the filters and the console: one request per
 * page visit for every component that shows them (readOnce); a failed one is tried again next time.
 */
export function loadCategories(): Promise<CategoryView[]> {
  return readOnce(CATEGORIES, () =>
    apiFetch<CategoryList>(apiPaths.categories).then((answer) => keep(answer.categories)),
  ).catch((error: unknown) => {
    const kept = navigator.onLine ? undefined : lastSeen();
    if (kept) return kept;
    throw error;
  });
}

/** After an administrator's change, the next reader asks the server again. */
export function forgetCategories(): void {
  forgetRead(CATEGORIES);
}

export interface CategoriesState {
  /** Undefined until they are in. */
  categories: CategoryView[] | undefined;
  /** They could not be loaded: the page says so (the form cannot be sent without one). */
  failed: boolean;
}

export function useCategories(): CategoriesState {
  const read = useApiData(CATEGORIES, loadCategories);
  return { categories: read.state === "loaded" ? read.data : undefined, failed: read.state === "failed" };
}

/** Categories by group, in order: [null, ungrouped...] first, then each group as it first appears. */
export function groupCategories(categories: CategoryView[]): [string | null, CategoryView[]][] {
  const groups = new Map<string | null, CategoryView[]>();
  for (const category of categories) groups.set(category.group, [...(groups.get(category.group) ?? []), category]);
  return [...groups];
}

/**
 * A report's category in the page's language: the answers name a report's category by its English name (what the
 * server stores and Open311 speaks, migration 016), and the categories' list holds each one's translations
 * (migration 021). In English nothing is asked; in another language the list is read once per page load (shared
 * with the form and the filters), and until it is in, or for a name it does not know, the name is shown as it is.
 */
export function useCategoryName(): (name: string) => string {
  const locale = useLocale();
  const read = useApiData(locale === "en" ? undefined : CATEGORIES, loadCategories);
  const categories = read.state === "loaded" ? read.data : undefined;
  return useMemo(() => {
    const byName = new Map(categories?.map((category) => [category.name, categoryTextIn(category, locale).name]));
    return (name: string) => byName.get(name) ?? name;
  }, [categories, locale]);
}
