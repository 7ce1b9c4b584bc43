import type { Messages } from "@lingui/core";
import { useEffect, useState } from "react";
import { i18n } from "#web/lib/i18n/i18n.ts";
import { useLocale } from "#web/lib/i18n/i18n-context.tsx";

// A water point's page's and sign's texts, one small chunk per language, downloaded by those pages only (catalogue
// "water-points"), so that the other public pages' texts do not grow with them.
const TEXTS = import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/water-points.json", {
  query: "?catalogue",
  import: "default",
});
const loaded = new Set<string>();

export async function loadWaterPointTexts(locale: string = i18n.locale): Promise<void> {
  if (loaded.has(locale)) return;
  const load = TEXTS[`../../../../shared/i18n/catalogues/${locale}/water-points.json`];
  if (load) i18n.load(locale, await load());
  loaded.add(locale);
}

/** A language chosen on the page: its texts first, then the page says them (re-renders once they are in). */
export function useWaterPointTexts(): void {
  const language = useLocale();
  const [, setReady] = useState(language);
  useEffect(() => {
    void loadWaterPointTexts(language).then(() => setReady(language));
  }, [language]);
}
