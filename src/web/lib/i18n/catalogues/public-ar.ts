import type { Messages } from "@lingui/core";
// The script's font comes with the texts, so only pages in this language load it (src/web/fonts/arabic.css).
import "#web/fonts/arabic.css";

// The public pages' texts in this language, one chunk (docs/decisions/019-languages.md).
const files = import.meta.glob<Messages>(
  "../../../../shared/i18n/catalogues/ar/{frame,shared,report,browse,report-water-points,tracking-privacy,privacy-links}.json",
  {
    query: "?catalogue",
    import: "default",
    eager: true,
  },
);
export default Object.assign({}, ...Object.values(files)) as Messages;
