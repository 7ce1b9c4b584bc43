import type { Locale } from "../i18n/locales.ts";
import type { CategoryTranslations } from "./category-schemas.ts";

/** What a category needs for its text in one language (a CategoryView or a row). */
interface Translatable {
  name: string;
  description: string;
  translations: CategoryTranslations;
}

/**
 * A category's name and description in a language (migration 021): the administrators' translation when there is
 * one, else the English texts. English is the category's own `name` and `description`.
 */
export function categoryTextIn(category: Translatable, locale: Locale): { name: string; description: string } {
  const translation = locale === "en" ? undefined : category.translations[locale];
  if (!translation?.name) return { name: category.name, description: category.description };
  return { name: translation.name, description: translation.description || category.description };
}
