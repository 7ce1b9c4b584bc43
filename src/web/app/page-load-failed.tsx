import { useT } from "../lib/i18n/i18n-context.tsx";

// How each engine words a failed dynamic import (Chromium, Firefox, Safari).
const FAILED_IMPORT = /dynamically imported module|Importing a module script failed/i;

/**
 * Pages are chunks loaded when first opened. One that cannot be fetched is either a chunk of an older build (a tab
 * left open across a deploy: the server no longer has it) or a dropped connection; reloading cures both.
 */
export function isPageLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && FAILED_IMPORT.test(error.message);
}

/** Shown by the error boundary, inside the layout (whose links still work). */
export function PageLoadFailed() {
  const t = useT();
  return (
    <section className="message-page card" data-testid="page-load-failed">
      <h1>{t("This page could not be loaded")}</h1>
      <p>{t("The portal may have been updated since you opened it, or the connection dropped.")}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("Reload the page")}
        </button>
      </p>
    </section>
  );
}
