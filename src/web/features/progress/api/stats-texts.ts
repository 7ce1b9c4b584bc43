import type { Messages } from "@lingui/core";
import { pageTexts } from "#web/lib/i18n/page-texts.ts";

// The charts' texts, one small chunk per language, downloaded by the statistics page only (catalogue "stats"), so
// the other public pages' texts do not grow with them.
export const loadStatsTexts = pageTexts(
  import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/stats.json", {
    query: "?catalogue",
    import: "default",
  }),
);
