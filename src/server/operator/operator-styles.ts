/**
 * The operator's part of the footer (operator-page.ts), styled by the server along with it: pages of a portal without
 * these settings carry neither the markup nor its rules, and the stylesheet of the first load stays as small
 * (docs/decisions/012-a-light-first-load.md). Light on the dark footer; the logo on a white plate, so one drawn for a
 * white page stays visible. The emergency sentence comes in every language: the page's shows, also after a switch
 * in the browser (docs/accessibility.md).
 */
export const OPERATOR_CSS = [
  ".operator{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;margin-bottom:.75rem;" +
    "padding-bottom:.75rem;border-bottom:1px solid rgb(255 255 255/25%)}",
  ".site-footer .operator p{margin:0}",
  ".operator__name,.operator__name a{display:inline-flex;align-items:center;gap:.6rem;color:#fff;font-size:1rem;" +
    "font-weight:700}",
  ".operator__logo{width:auto;height:40px;padding:3px;border-radius:4px;background:#fff}",
  ".operator__phone{color:#fff;font-weight:700;white-space:nowrap}",
  ...["en", "es", "fr", "hi", "ar"].map(
    (locale) => `html:not([lang="${locale}"]) .operator [lang="${locale}"]{display:none}`,
  ),
].join("");
