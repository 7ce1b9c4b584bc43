import type { Messages } from "@lingui/core";

// The public pages' texts in this language, one chunk (docs/decisions/019-languages.md).
const files = import.meta.glob<Messages>(
  "../../../../shared/i18n/catalogues/es/{frame,shared,report,browse,report-water-points,tracking-privacy,privacy-links}.json",
  {
    query: "?catalogue",
    import: "default",
    eager: true,
  },
);
export default Object.assign({}, ...Object.values(files)) as Messages;
