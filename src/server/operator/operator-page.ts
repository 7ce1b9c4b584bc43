import { createHash } from "node:crypto";
import { LOCALES, msg } from "#shared/i18n/locales.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import type { OperatorSettings } from "./operator-settings.ts";
import { OPERATOR_CSS } from "./operator-styles.ts";

/** Where the logo is served (operator-routes.ts); the page adds ?v=<hash of the file>, so it may be cached for good. */
export const OPERATOR_LOGO_PATH = "/operator-logo";

/**
 * The empty place the footer keeps for the operator (src/web/app/layout.tsx), as the build's static layout has it.
 * The server fills it in every page it sends; the web app then adopts the filled element as it is, so the operator's
 * name, logo and emergency number cost the first load no JavaScript (docs/decisions/012-a-light-first-load.md).
 */
export const OPERATOR_SLOT = '<div class="site-footer__operator"></div>';

const EMERGENCY = msg("For emergencies such as a burst main, call {phone}.");

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The operator's part of the footer: the name (linked to its website, with its logo) and the emergency number as a
 * tel: link. The emergency sentence is there in every language, each marked with its `lang`; the style shows the
 * page's (operator-styles.ts), so a language switched in the browser needs no new page. Undefined when nothing is set.
 */
export function operatorFooterHtml(operator: OperatorSettings): string | undefined {
  const { name, url, logo, emergencyPhone } = operator;
  if (!name && !emergencyPhone) return undefined;
  const parts: string[] = [];
  if (name) {
    // The name says who it is: the logo beside it is decoration (alt="").
    const image = logo
      ? `<img src="${OPERATOR_LOGO_PATH}?v=${logo.version}" alt="" height="40" class="operator__logo">`
      : "";
    const label = `${image}<span dir="auto">${escapeHtml(name)}</span>`;
    parts.push(`<p class="operator__name">${url ? `<a href="${escapeHtml(url)}">${label}</a>` : label}</p>`);
  }
  if (emergencyPhone) {
    // A phone number reads left to right in every language, Arabic included.
    const link = `<a href="tel:${emergencyPhone.dial}" dir="ltr" class="operator__phone">${escapeHtml(emergencyPhone.display)}</a>`;
    const sentences = LOCALES.map((locale) => {
      const [before = "", after = ""] = translatorFor(locale)(EMERGENCY, { phone: "\u0001" }).split("\u0001");
      return `<span lang="${locale}">${escapeHtml(before)}${link}${escapeHtml(after)}</span>`;
    });
    parts.push(`<p class="operator__emergency">${sentences.join("")}</p>`);
  }
  return `<div id="portal-operator" class="operator">${parts.join("")}</div>`;
}

/**
 * The page's one inline style, and the CSP source that lets it in: the rules of the operator's footer part when it is
 * shown (operator-styles.ts), and the brand colour as the stylesheet's custom property.
 */
export function operatorStyle(operator: OperatorSettings): { tag: string; cspSource: string } | undefined {
  const footer = operator.name || operator.emergencyPhone ? OPERATOR_CSS : "";
  const brand = operator.brandColor ? `:root{--brand:${operator.brandColor}}` : "";
  const css = `${footer}${brand}`;
  if (!css) return undefined;
  return {
    tag: `<style>${css}</style>`,
    cspSource: `'sha256-${createHash("sha256").update(css).digest("base64")}'`,
  };
}

/** What the server does to the pages it sends, once the operator has set anything. */
export interface OperatorPage {
  /** A page as sent: the footer's slot filled, the brand colour after the stylesheet, the browser's theme colour. */
  apply: (html: string) => string;
  /** Changes whenever what apply adds changes (operator-shell.ts gives it to the service worker). */
  version: string;
}

/** Undefined when no PORTAL_… setting shows on the pages: they then go out as built. */
export function operatorPage(operator: OperatorSettings): OperatorPage | undefined {
  const footer = operatorFooterHtml(operator);
  const style = operatorStyle(operator);
  if (!footer && !style) return undefined;
  const apply = (html: string) => {
    // Replacer functions, not strings: a "$&" or "$'" in the operator's name must stay text, not a pattern.
    let page = footer
      ? html.replace(OPERATOR_SLOT, () => OPERATOR_SLOT.replace("></div>", () => `>${footer}</div>`))
      : html;
    if (style) page = page.replace("</head>", () => `${style.tag}</head>`);
    if (operator.brandColor) {
      page = page.replace(
        /<meta name="theme-color" content="[^"]*"/,
        () => `<meta name="theme-color" content="${operator.brandColor}"`,
      );
    }
    return page;
  };
  const version = createHash("sha256")
    .update(`${footer ?? ""}${style?.tag ?? ""}`)
    .digest("hex")
    .slice(0, 12);
  return { apply, version };
}
