import type { Messages } from "@lingui/core";
import { useEffect, useState } from "react";
import { i18n } from "./i18n.ts";
import { useLocale } from "./i18n-context.tsx";

/** A page's own catalogue: `import.meta.glob<Messages>("…/catalogues/*\/<name>.json", { query: "?catalogue", … })`. */
export type PageCatalogues = Record<string, () => Promise<Messages>>;

/**
 * The texts of a page that has a catalogue of its own (the technician's page, the statistics, a water point, the
 * privacy notice, the accessibility statement), one small chunk per language downloaded by that page only, so that
 * the other pages' texts do not grow with them. Vite needs each page's glob written out where it is used; this turns
 * it into the page's loader: the first call for a language downloads its texts, later ones are free.
 */
export function pageTexts(catalogues: PageCatalogues): (locale?: string) => Promise<void> {
  const byLocale = new Map(
    Object.entries(catalogues).map(([file, load]) => [/\/catalogues\/([^/]+)\//.exec(file)?.[1] ?? file, load]),
  );
  const loaded = new Set<string>();
  return async (locale = i18n.locale) => {
    if (loaded.has(locale)) return;
    const load = byLocale.get(locale);
    if (load) i18n.load(locale, await load());
    loaded.add(locale);
  };
}

/** A language chosen on the page: its texts first, then the page says them (re-renders once they are in). */
export function usePageTexts(load: (locale: string) => Promise<void>): void {
  const language = useLocale();
  const [, setReady] = useState(language);
  useEffect(() => {
    void load(language).then(() => setReady(language));
  }, [load, language]);
}
