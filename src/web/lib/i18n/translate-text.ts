import { translateText as translateTextWith } from "#shared/i18n/translate-text.ts";
import { i18n } from "./i18n.ts";

// Apart from i18n.ts so that the first load carries it only if a page needs it (docs/decisions/012).

/** A finished English text (a schema's or the API's message) in the active language: shared/i18n/translate-text.ts. */
export function translateText(text: string): string {
  return translateTextWith(i18n, text);
}
