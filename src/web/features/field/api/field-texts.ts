import type { Messages } from "@lingui/core";
import { i18n } from "#web/lib/i18n/i18n.ts";

// The technician's page's texts, one small chunk per language, downloaded by that page only (catalogue "field"), so
// that the other public pages' texts do not grow with them.
const TEXTS = import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/field.json", {
  query: "?catalogue",
  import: "default",
});
const loaded = new Set<string>();

export async function loadFieldTexts(locale: string = i18n.locale): Promise<void> {
  if (loaded.has(locale)) return;
  const load = TEXTS[`../../../../shared/i18n/catalogues/${locale}/field.json`];
  if (load) i18n.load(locale, await load());
  loaded.add(locale);
}
