import type { Messages } from "@lingui/core";

// The staff console's texts in this language, one chunk (docs/decisions/019-languages.md).
const files = import.meta.glob<Messages>(
  "../../../../shared/i18n/catalogues/ar/{console,console-sms,console-water-points,console-privacy}.json",
  {
    query: "?catalogue",
    import: "default",
    eager: true,
  },
);
export default Object.assign({}, ...Object.values(files)) as Messages;
