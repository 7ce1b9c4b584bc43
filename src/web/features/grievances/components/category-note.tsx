import type { CategoryView } from "#shared/categories/category-schemas.ts";
import { categoryTextIn } from "#shared/categories/category-text.ts";
import { CategoryIcon } from "#web/lib/categories/category-icon.tsx";
import { useLocale } from "#web/lib/i18n/i18n-context.tsx";

/**
 * Under the form's category select (the specification's control): the chosen category's icon, name and one-line
 * description in the page's language, so a resident sees what it covers before going on. The select names it
 * with `aria-describedby`, so a screen reader reads the description with the choice.
 */
export function CategoryNote({ id, categories, chosen }: { id: string; categories?: CategoryView[]; chosen: string }) {
  const locale = useLocale();
  const category = categories?.find((candidate) => candidate.key === chosen);
  if (!category) return null;
  const { name, description } = categoryTextIn(category, locale);
  return (
    <p className="category-note" id={id} data-testid="category-note">
      <CategoryIcon icon={category.icon} />
      <span>
        <span className="category-note__name">{name}</span>
        {description && <span className="category-note__description">{description}</span>}
      </span>
    </p>
  );
}
