import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "./app/router.tsx";
import { initialLocale, startInLanguage } from "./lib/i18n/i18n.ts";
import { I18nProvider } from "./lib/i18n/i18n-context.tsx";
import { registerServiceWorker } from "./register-service-worker.ts";
import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

// The language's texts download beside the first page's chunk (the router starts loading it at once), and the
// server names both in the page's HTML (docs/decisions/019-languages.md). Not a top-level await: the lazy chunks
// import the entry's modules, which Rollup would then have to split out of the entry.
const router = createAppRouter();
// The feed the server announced in this page's HTML for readers without JavaScript (page-preloads.ts): from here on
// each page announces its own, following its filters, and a stale one must not outlive the first page.
for (const link of document.querySelectorAll("link[data-page-feed]")) link.remove();
// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser paint and
// answer input between them, instead of one long task that blocks a slow phone's main thread.
void startInLanguage(initialLocale()).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  ),
);

registerServiceWorker();
