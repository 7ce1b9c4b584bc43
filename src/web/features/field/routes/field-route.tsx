import { Suspense, useState } from "react";
import { Await, Link, useAsyncError, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { FieldJob, FieldJobFixed } from "#shared/field/field.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { usePageTexts } from "#web/lib/i18n/page-texts.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { addFieldNote, getFieldJob, markFieldJobFixed } from "../api/field-api.ts";
import { loadFieldTexts } from "../api/field-texts.ts";
import { FieldJobView } from "../components/field-job-view.tsx";
import { FieldNoteForm } from "../components/field-note-form.tsx";
import "#web/styles/content.css";
import "./field.css";

/**
 * /field/:token, a technician's one-time link to a job (docs/decisions/031-technician-links.md). No account: the
 * token is the credential, so the page is never indexed and sends no Referer (the server's answers say the same in
 * headers). The page's texts come with it (catalogue "field").
 */
export async function fieldLoader({ params, request }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const job = getFieldJob(token, request.signal);
  job.catch(() => undefined);
  await loadFieldTexts();
  return { job, token };
}

function PrivatePageMeta() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

/** A link that opens nothing, or no longer works: says why, plainly, and offers nothing to do. */
function FieldRefused() {
  const t = useT();
  const error = useAsyncError();
  const gone = error instanceof ApiRequestError && (error.status === 410 || error.status === 404);
  const title = gone ? t("This link no longer works") : t("The job could not be loaded");
  useDocumentTitle(title);
  return (
    <section className="message-page card" data-testid="field-refused">
      <h1>{title}</h1>
      <p role={gone ? undefined : "alert"}>{translateText(errorMessageOf(error))}</p>
      {!gone && <SupportReference error={error} />}
    </section>
  );
}

function FieldDone({ fixed }: { fixed: FieldJobFixed }) {
  const t = useT();
  useDocumentTitle(t("The job is marked fixed"));
  const reportPath = new URL(fixed.reportUrl, window.location.href).pathname;
  return (
    <section className="message-page card" data-testid="field-done">
      <h1>{t("The job is marked fixed")}</h1>
      <p role="status">
        {t("Thank you. The report is resolved, and the people who follow it are told. This link now stops working.")}
      </p>
      <p>
        <Link className="button" to={reportPath}>
          {t("See the public page of the report")}
        </Link>
      </p>
    </section>
  );
}

function FieldWork({ first, token }: { first: FieldJob; token: string }) {
  const t = useT();
  const [job, setJob] = useState(first);
  const [fixed, setFixed] = useState<FieldJobFixed | undefined>();
  useDocumentTitle(t("Job {reference}", { reference: job.report.reference }));
  if (fixed) return <FieldDone fixed={fixed} />;
  return (
    <div className="field">
      <FieldJobView job={job} />
      <p className="field__expiry muted">
        {withElements(
          t("This link is for {email} and works until {time}.", {
            email: slot("email"),
            time: formatDateTime(job.expiresAt),
          }),
          { email: <bdi>{job.technicianEmail}</bdi> },
        )}
      </p>
      <FieldNoteForm kind="note" send={async (text, images) => setJob(await addFieldNote(token, text, images))} />
      {job.report.status !== "resolved" && (
        <FieldNoteForm
          kind="fixed"
          send={async (text, images) => setFixed(await markFieldJobFixed(token, text, images))}
        />
      )}
    </div>
  );
}

export function FieldRoute() {
  const t = useT();
  const { job, token } = useLoaderData<typeof fieldLoader>();
  usePageTexts(loadFieldTexts);
  return (
    <>
      <PrivatePageMeta />
      <Suspense
        fallback={
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t("Loading the job...")}
          </p>
        }
      >
        <Await resolve={job} errorElement={<FieldRefused />}>
          {(loaded: FieldJob) => <FieldWork key={token} first={loaded} token={token} />}
        </Await>
      </Suspense>
    </>
  );
}
