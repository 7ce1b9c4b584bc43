import type { Messages } from "@lingui/core";
import { pageTexts, usePageTexts } from "#web/lib/i18n/page-texts.ts";

// A water point's page's and sign's texts, one small chunk per language, downloaded by those pages only (catalogue
// "water-points"), so that the other public pages' texts do not grow with them.
export const loadWaterPointTexts = pageTexts(
  import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/water-points.json", {
    query: "?catalogue",
    import: "default",
  }),
);

/** A language chosen on the page: its texts first, then the page says them. */
export const useWaterPointTexts = (): void => usePageTexts(loadWaterPointTexts);
