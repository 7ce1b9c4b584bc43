import { Suspense } from "react";
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from "react-router";
import type { PublicGrievance } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { GrievanceDetails, type GrievancePageParts } from "../components/grievance-details.tsx";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { paths } from "#web/lib/paths.ts";
import type { grievanceLoader } from "./grievance-route.loader.ts";
import "#web/styles/content.css";

function DetailsLoading() {
  const t = useT();
  useDocumentTitle(t("Loading report"));
  return (
    <p className="loading" role="status" data-testid="details-loading">
      <span className="spinner" aria-hidden="true" />
      {t(MESSAGES.loadingDetails)}
    </p>
  );
}

/** Not found, or the request failed (specification §8): same screen either way. */
function DetailsNotFound() {
  const t = useT();
  const error = useAsyncError();
  console.error("Grievance could not be loaded:", error);
  useDocumentTitle(t(MESSAGES.grievanceNotFound));
  return (
    <section className="message-page card" data-testid="grievance-not-found">
      <h1>{t(MESSAGES.grievanceNotFound)}</h1>
      <p>
        <Link className="button" to={paths.list()}>
          {t("Back to Grievances")}
        </Link>
      </p>
    </section>
  );
}

/** The portal says it cannot serve right now (503): the report may well exist, so say that and offer a retry. */
function DetailsUnavailable({ error }: { error: ApiRequestError }) {
  const t = useT();
  const revalidator = useRevalidator();
  useDocumentTitle(t("Report unavailable"));
  return (
    <section className="message-page card" data-testid="grievance-unavailable">
      <h1>{t("This report could not be loaded")}</h1>
      <div className="alert alert--error" role="alert">
        <p>{errorMessageOf(error)}</p>
        <SupportReference error={error} />
        <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
          {t("Retry")}
        </button>
      </div>
      <p>
        <Link to={paths.list()}>{t("Back to Grievances")}</Link>
      </p>
    </section>
  );
}

function DetailsFailed() {
  const error = useAsyncError();
  if (error instanceof ApiRequestError && error.status === 503) return <DetailsUnavailable error={error} />;
  return <DetailsNotFound />;
}

function DetailsLoaded({ grievance, parts }: { grievance: PublicGrievance; parts: GrievancePageParts }) {
  useDocumentTitle(grievance.title);
  return <GrievanceDetails grievance={grievance} parts={parts} />;
}

export type { GrievancePageParts };

export function GrievanceRoute({ parts }: { parts: GrievancePageParts }) {
  const { grievance, id } = useLoaderData<typeof grievanceLoader>();
  return (
    <div className="page page--narrow">
      <Suspense key={id} fallback={<DetailsLoading />}>
        <Await resolve={grievance} errorElement={<DetailsFailed />}>
          {(data: PublicGrievance) => <DetailsLoaded grievance={data} parts={parts} />}
        </Await>
      </Suspense>
    </div>
  );
}
