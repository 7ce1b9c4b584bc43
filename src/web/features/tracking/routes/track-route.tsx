import { Suspense } from "react";
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from "react-router";
import { TRACKING_MESSAGES, type TrackedGrievance } from "../../../../shared/tracking.ts";
import { ApiRequestError } from "../../../lib/api-client.ts";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { TrackedReport } from "../components/tracked-report.tsx";
import type { trackLoader } from "./track-route.loader.ts";
import "../../../styles/tracking.css";

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
  useDocumentTitle("Your report");
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading your report...
    </p>
  );
}

/** Unknown, mistyped or hidden: one and the same page, which does not say whether a report exists. */
function TrackNotFound() {
  useDocumentTitle("Report not found");
  return (
    <section className="message-page card" data-testid="track-not-found">
      <h1>Report not found</h1>
      <p>{TRACKING_MESSAGES.notFound}</p>
      <p className="message-page__actions">
        <Link className="button" to={paths.myReports()}>
          My Reports
        </Link>
        <Link className="button button--secondary" to={paths.list()}>
          View Grievances
        </Link>
      </p>
    </section>
  );
}

/** The portal cannot answer right now (503, or no connection): the report may well exist, so offer a retry. */
function TrackUnavailable({ message }: { message: string }) {
  const revalidator = useRevalidator();
  useDocumentTitle("Report unavailable");
  return (
    <section className="message-page card" data-testid="track-unavailable">
      <h1>Your report could not be loaded</h1>
      <div className="alert alert--error" role="alert">
        <p>{message}</p>
        <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
          Retry
        </button>
      </div>
    </section>
  );
}

function TrackFailed() {
  const error = useAsyncError();
  if (error instanceof ApiRequestError && error.status === 404) return <TrackNotFound />;
  console.error("Tracked report could not be loaded:", error);
  return <TrackUnavailable message={error instanceof Error ? error.message : String(error)} />;
}

function TrackLoaded({ tracked }: { tracked: TrackedGrievance }) {
  useDocumentTitle(`Your report ${tracked.grievance.reference}`);
  return <TrackedReport tracked={tracked} />;
}

export function TrackRoute() {
  const { tracked, token } = useLoaderData<typeof trackLoader>();
  return (
    <div className="page page--narrow">
      <PrivatePageMeta />
      <Suspense key={token} fallback={<TrackLoading />}>
        <Await resolve={tracked} errorElement={<TrackFailed />}>
          {(data: TrackedGrievance) => <TrackLoaded tracked={data} />}
        </Await>
      </Suspense>
    </div>
  );
}
