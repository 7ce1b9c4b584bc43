import { Suspense, useEffect } from "react";
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from "react-router";
import { TRACKING_MESSAGES, type TrackedGrievance } from "#shared/tracking/tracking.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { TrackedReport, type TrackedReportParts } from "../components/tracked-report.tsx";
import type { trackLoader } from "./track-route.loader.ts";
import "#web/styles/tracking.css";
import "#web/styles/content.css";

// The page's action comes with the page: the router loads every lazy part of a route together when it opens it, and
// what the action needs the page's forms load anyway, so it costs no request and no chunk of its own.
export { trackAction } from "../api/tracking-actions.ts";

/**
 * While on this page: not indexed, and no Referer naming its address is sent anywhere (the server's answers say the
 * same in headers). React puts these into the document's head and takes them out when the page goes.
 */
function PrivatePageMeta() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

function TrackLoading() {
  const t = useT();
  useDocumentTitle(t("Your report"));
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t("Loading your report...")}
    </p>
  );
}

/** Unknown, mistyped or hidden: one and the same page, which does not say whether a report exists. */
function TrackNotFound() {
  const t = useT();
  useDocumentTitle(t("Report not found"));
  return (
    <section className="message-page card" data-testid="track-not-found">
      <h1>{t("Report not found")}</h1>
      <p>{t(TRACKING_MESSAGES.notFound)}</p>
      <p className="message-page__actions">
        <Link className="button" to={paths.myReports()}>
          {t("My Reports")}
        </Link>
        <Link className="button button--secondary" to={paths.list()}>
          {t("View Grievances")}
        </Link>
      </p>
    </section>
  );
}

/** The portal cannot answer right now (503, or no connection): the report may well exist, so offer a retry. */
function TrackUnavailable({ message, error }: { message: string; error: unknown }) {
  const t = useT();
  const revalidator = useRevalidator();
  useDocumentTitle(t("Report unavailable"));
  return (
    <section className="message-page card" data-testid="track-unavailable">
      <h1>{t("Your report could not be loaded")}</h1>
      <div className="alert alert--error" role="alert">
        <p>{translateText(message)}</p>
        <SupportReference error={error} />
        <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
          {t("Retry")}
        </button>
      </div>
    </section>
  );
}

function TrackFailed() {
  const error = useAsyncError();
  if (error instanceof ApiRequestError && error.status === 404) return <TrackNotFound />;
  console.error("Tracked report could not be loaded:", error);
  return <TrackUnavailable message={error instanceof Error ? error.message : String(error)} error={error} />;
}

/** The report the page shows now, and for which link; none while no report is on the screen. */
let onScreen: { token: string; tracked: TrackedGrievance } | undefined;

function TrackLoaded({
  tracked,
  token,
  parts,
}: {
  tracked: TrackedGrievance;
  token: string;
  parts?: TrackedReportParts;
}) {
  const t = useT();
  useDocumentTitle(t("Your report {reference}", { reference: tracked.grievance.reference }));
  useEffect(() => {
    onScreen = { token, tracked };
    return () => {
      if (onScreen?.tracked === tracked) onScreen = undefined;
    };
  }, [token, tracked]);
  return <TrackedReport tracked={tracked} token={token} parts={parts} />;
}

const keptOnFailure = new WeakMap<Promise<TrackedGrievance>, Promise<TrackedGrievance>>();

/**
 * The loader's report, except when reading it again fails while the page shows that report: after each of the
 * reporter's actions the router reloads the page's data, and the action itself succeeded and said so. The page then
 * keeps the report it shows, with the action's message and the focus where they are, and the timeline catches up at
 * the next visit, as before the actions were router actions. A first load that fails still says so. One wrapper
 * per loader promise, kept outside React: a render that waits for it may be thrown away and run again.
 */
function keptOnFailedReload(tracked: Promise<TrackedGrievance>, token: string): Promise<TrackedGrievance> {
  let kept = keptOnFailure.get(tracked);
  if (!kept) {
    kept = tracked.catch((error: unknown) => {
      if (onScreen?.token !== token) throw error;
      console.error("Tracked report could not be reloaded:", error);
      return onScreen.tracked;
    });
    keptOnFailure.set(tracked, kept);
  }
  return kept;
}

/** `parts`: what other features put on the page, handed in by the app (app/pages/track-page.tsx). */
export function TrackRoute({ parts }: { parts?: TrackedReportParts }) {
  const { tracked, token } = useLoaderData<typeof trackLoader>();
  const shown = keptOnFailedReload(tracked, token);
  return (
    <div className="page page--narrow">
      <PrivatePageMeta />
      <Suspense key={token} fallback={<TrackLoading />}>
        <Await resolve={shown} errorElement={<TrackFailed />}>
          {(data: TrackedGrievance) => <TrackLoaded tracked={data} token={token} parts={parts} />}
        </Await>
      </Suspense>
    </div>
  );
}
