import type { Messages } from "@lingui/core";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Locale } from "#shared/i18n/locales.ts";
import { i18n, t } from "../lib/i18n/i18n.ts";
import { AppShell } from "./layout.tsx";

/**
 * The layout with an empty main area, as markup for index.html (scripts/vite-static-shell.ts): a first visit paints
 * header and footer as soon as the HTML and the stylesheet are in, instead of after the entry script (React and the
 * router, some 90 kB) has arrived and run. React replaces it with the same layout when it starts (the router's
 * HydrateFallback is this AppShell), so nothing moves. At an address no link points to, so none is marked current.
 * Without JavaScript the main area says what is missing.
 */
export function renderStaticShell(locale: Locale, messages: Messages): string {
  // One shell per language, built with that language's catalogue; the server sends the visitor's
  // (docs/decisions/019-languages.md).
  i18n.load(locale, messages);
  i18n.activate(locale);
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/_"]}>
      <AppShell>
        <noscript>
          <p className="page__lead">
            {t("This portal needs JavaScript. Please turn it on in your browser and reload the page.")}
          </p>
        </noscript>
      </AppShell>
    </MemoryRouter>,
  );
}
