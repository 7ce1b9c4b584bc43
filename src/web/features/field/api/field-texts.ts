import type { Messages } from "@lingui/core";
import { pageTexts } from "#web/lib/i18n/page-texts.ts";

// The technician's page's texts, one small chunk per language, downloaded by that page only (catalogue "field"), so
// that the other public pages' texts do not grow with them.
export const loadFieldTexts = pageTexts(
  import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/field.json", {
    query: "?catalogue",
    import: "default",
  }),
);
