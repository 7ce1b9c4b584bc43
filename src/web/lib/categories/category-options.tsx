import type { CategoryView } from "#shared/categories/category-schemas.ts";
import { categoryTextIn } from "#shared/categories/category-text.ts";
import { useLocale } from "../i18n/i18n-context.tsx";
import { groupCategories } from "./use-categories.ts";

/**
 * The `<option>`s of a category select, the value being the category's key: ungrouped ones as they are, grouped
 * ones under an `<optgroup>` named for their group. `inactiveNote` labels deactivated ones (the filters keep them,
 * the form leaves them out). Each is named in the page's language (migration 021), English when untranslated.
 */
export function CategoryOptions({ categories, inactiveNote }: { categories: CategoryView[]; inactiveNote?: string }) {
  const locale = useLocale();
  const option = (category: CategoryView) => {
    const { name } = categoryTextIn(category, locale);
    return (
      <option key={category.key} value={category.key}>
        {category.active || !inactiveNote ? name : `${name} ${inactiveNote}`}
      </option>
    );
  };
  return groupCategories(categories).map(([group, members]) =>
    group === null ? (
      members.map(option)
    ) : (
      <optgroup key={group} label={group}>
        {members.map(option)}
      </optgroup>
    ),
  );
}
