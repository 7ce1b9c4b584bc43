import { Suspense, useState } from "react";
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from "react-router";
import { TRACKING_MESSAGES, type TrackedGrievance } from "../../../../shared/tracking.ts";
import { ApiRequestError } from "../../../lib/api-client.ts";
import { useT } from "../../../lib/i18n/i18n-context.tsx";
import { translateText } from "../../../lib/i18n/translate-text.ts";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { getTrackedGrievance } from "../api/tracking.ts";
import { TrackedReport } from "../components/tracked-report.tsx";
import type { trackLoader } from "./track-route.loader.ts";
import "../../../styles/tracking.css";
import "../../../styles/content.css";

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
function TrackUnavailable({ message }: { message: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  useDocumentTitle(t("Report unavailable"));
  return (
    <section className="message-page card" data-testid="track-unavailable">
      <h1>{t("Your report could not be loaded")}</h1>
      <div className="alert alert--error" role="alert">
        <p>{translateText(message)}</p>
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
  return <TrackUnavailable message={error instanceof Error ? error.message : String(error)} />;
}

/**
 * The report as loaded, then as the reporter's actions leave it: kept here rather than by revalidating the route,
 * so the page never falls back to "Loading" and the actions' messages stay where they are.
 */
function TrackLoaded({ tracked, token }: { tracked: TrackedGrievance; token: string }) {
  const t = useT();
  const [current, setCurrent] = useState(tracked);
  useDocumentTitle(t("Your report {reference}", { reference: current.grievance.reference }));
  const reload = async () => {
    try {
      setCurrent(await getTrackedGrievance(token));
    } catch (error) {
      // The action itself succeeded and said so; the timeline catches up at the next visit.
      console.error("Tracked report could not be reloaded:", error);
    }
  };
  return <TrackedReport tracked={current} token={token} onChange={setCurrent} onReload={reload} />;
}

export function TrackRoute() {
  const { tracked, token } = useLoaderData<typeof trackLoader>();
  return (
    <div className="page page--narrow">
      <PrivatePageMeta />
      <Suspense key={token} fallback={<TrackLoading />}>
        <Await resolve={tracked} errorElement={<TrackFailed />}>
          {(data: TrackedGrievance) => <TrackLoaded tracked={data} token={token} />}
        </Await>
      </Suspense>
    </div>
  );
}
