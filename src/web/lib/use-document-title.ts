import { useEffect } from "react";

export const SITE_NAME = "Clean Water Portal";

/** Sets the tab title to "<page> · Clean Water Portal". */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} \u00b7 ${SITE_NAME}` : SITE_NAME;
  }, [page]);
}
