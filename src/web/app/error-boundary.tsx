import { isRouteErrorResponse, useRouteError } from "react-router";
import { MESSAGES } from "../../shared/messages.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { AppShell } from "./layout.tsx";
import { NotFound } from "./not-found.tsx";
import { isPageLoadFailure, PageLoadFailed } from "./page-load-failed.tsx";

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === "string" && data) return data;
    if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string") {
      return (data as { message: string }).message;
    }
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Unknown error";
}

function ErrorContent() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? MESSAGES.pageNotFound : "Error");
  if (notFound) return <NotFound />;
  if (isPageLoadFailure(error)) return <PageLoadFailed />;
  console.error(error);
  return (
    <section className="message-page card" data-testid="app-error">
      <h1>{MESSAGES.unexpectedError}</h1>
      <p className="error-message">{messageOf(error)}</p>
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
