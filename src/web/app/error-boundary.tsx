import { isRouteErrorResponse, useRouteError } from "react-router";
import { FRAME_MESSAGES } from "#shared/frame-messages.ts";
import { useT } from "../lib/i18n/i18n-context.tsx";
import { SupportReference } from "../lib/support-reference.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { AppShell } from "./layout.tsx";
import { NotFound } from "./not-found.tsx";
import { isPageLoadFailure, PageLoadFailed } from "./page-load-failed.tsx";

/**
 * What went wrong, in the active language when it is one of the portal's own messages (the API's come in it
 * already; a developer's stays as it is). t() rather than translateText, which the first load need not carry.
 */
function messageOf(error: unknown, t: (id: string) => string): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === "string" && data) return t(data);
    if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string") {
      return t((data as { message: string }).message);
    }
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return t(error.message);
  if (typeof error === "string") return t(error);
  return t("Unknown error");
}

function ErrorContent() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? t(FRAME_MESSAGES.pageNotFound) : t("Error"));
  if (notFound) return <NotFound />;
  if (isPageLoadFailure(error)) return <PageLoadFailed />;
  console.error(error);
  return (
    <section className="message-page card" data-testid="app-error">
      <h1>{t(FRAME_MESSAGES.unexpectedError)}</h1>
      <p className="error-message">{messageOf(error, t)}</p>
      <SupportReference error={error} />
    </section>
  );
}

/** errorElement of the pages: the error shows inside the layout, whose navigation still works. */
export function RouteErrorBoundary() {
  return <ErrorContent />;
}

/** errorElement of the root route (the layout itself failed): rebuilds the shell around the message. */
export function RootErrorBoundary() {
  return (
    <AppShell>
      <ErrorContent />
    </AppShell>
  );
}
