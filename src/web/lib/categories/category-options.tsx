import type { CategoryView } from "#shared/categories/category-schemas.ts";
import { groupCategories } from "./use-categories.ts";

/**
 * The `<option>`s of a category select, the value being the category's key: ungrouped ones as they are, grouped
 * ones under an `<optgroup>` named for their group. `inactiveNote` labels deactivated ones (the filters keep them,
 * the form leaves them out).
 */
export function CategoryOptions({ categories, inactiveNote }: { categories: CategoryView[]; inactiveNote?: string }) {
  const option = (category: CategoryView) => (
    <option key={category.key} value={category.key}>
      {category.active || !inactiveNote ? category.name : `${category.name} ${inactiveNote}`}
    </option>
  );
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
