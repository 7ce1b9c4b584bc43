import { useEffect } from "react";
import { msg } from "#shared/i18n/locales.ts";
import { useT } from "./i18n/i18n-context.tsx";

export const SITE_NAME = msg("Clean Water Portal");

/**
 * Sets the tab title to "<page> · Clean Water Portal", the site's name in the active language. `page` is already
 * translated by the caller (a page's heading, or a report's own title, which is the reporter's words).
 */
export function useDocumentTitle(page: string | undefined): void {
  const t = useT();
  useEffect(() => {
    document.title = page ? t("{page} · Clean Water Portal", { page }) : t(SITE_NAME);
  }, [page, t]);
}
