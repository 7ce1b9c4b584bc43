import { Form, Link, useLoaderData, useNavigation, type LoaderFunctionArgs } from "react-router";
import type { PersonalData } from "#shared/api-schemas/personal-data.ts";
import { findPersonalDataQuerySchema } from "#shared/privacy/personal-data.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { findPersonalData } from "../api/personal-data-api.ts";
import "./personal-data.css";

type Found = { asked: { email: string; phone: string }; data?: PersonalData; problem?: string };

/** The page's query is the lookup (a GET form): a result can be reloaded or opened again from the history. */
export async function personalDataLoader({ request }: LoaderFunctionArgs): Promise<Found> {
  const search = new URL(request.url).searchParams;
  const asked = { email: search.get("email") ?? "", phone: search.get("phone") ?? "" };
  if (!asked.email && !asked.phone) return { asked };
  const parsed = findPersonalDataQuerySchema.safeParse(asked);
  if (!parsed.success) return { asked, problem: parsed.error.issues[0]?.message ?? "" };
  try {
    return { asked, data: await withStaffSession(request, () => findPersonalData(parsed.data, request.signal)) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return { asked, problem: errorMessageOf(error) };
    throw error;
  }
}

/** Hands the person everything held about them as one file (JSON, readable and machine-readable). */
function download(data: PersonalData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  const who = (data.asked.email ?? data.asked.phone ?? "person").replace(/[^A-Za-z0-9@.+-]/g, "_");
  link.download = `personal-data-${who}-${data.generatedAt.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Access on request (docs/decisions/043-erasure-and-access-on-request.md): everything held about an e-mail address
 * or a phone number, and the file to hand over. Erasure is on each report's page.
 */
export function PersonalDataRoute() {
  const t = useT();
  useDocumentTitle(t("Personal data · Administration"));
  const { asked, data, problem } = useLoaderData<typeof personalDataLoader>();
  const busy = useNavigation().state === "loading";
  return (
    <section aria-labelledby="personal-data-heading">
      <h2 id="personal-data-heading">{t("Personal data")}</h2>
      <p className="muted">
        {t(
          "When a person asks what the portal holds about them, find it by their e-mail address or phone number and give them the file. To erase it, open each report and use Erase personal data.",
        )}
      </p>
      <Form method="get" className="staff-form admin-form" noValidate>
        <Field id="personal-data-email" label={t("E-mail address")} mark="optional">
          {(control) => <input type="email" name="email" defaultValue={asked.email} dir="ltr" {...control} />}
        </Field>
        <Field id="personal-data-phone" label={t("Phone number")} mark="optional">
          {(control) => <input type="tel" name="phone" defaultValue={asked.phone} dir="ltr" {...control} />}
        </Field>
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Searching...")} className="button">
            {t("Find personal data")}
          </BusySubmitButton>
        </div>
      </Form>
      <div role="alert" className={problem ? "alert alert--error" : undefined} data-testid="personal-data-error">
        {problem ? t(problem) : ""}
      </div>
      {data && <Findings data={data} />}
    </section>
  );
}

function Findings({ data }: { data: PersonalData }) {
  const t = useT();
  const counts = [
    [t("Reports"), data.reports.length],
    [t("Follows"), data.follows.length],
    [t("Alert subscriptions"), data.alertSubscriptions.length],
    [t("E-mail messages"), data.emails.length],
    [t("SMS"), data.sms.length],
  ] as const;
  return (
    <div className="personal-data__found" data-testid="personal-data-found">
      <h3>{t("Found")}</h3>
      <ul className="personal-data__counts">
        {counts.map(([label, count]) => (
          <li key={label}>
            {label}: <strong>{count}</strong>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" className="button" onClick={() => download(data)}>
          {t("Download as one file")}
        </button>
      </p>
      {data.reports.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("Reports, scrolls sideways")}>
          <table className="admin-table">
            <caption>{t("Reports")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Reference")}</th>
                <th scope="col">{t("Title")}</th>
                <th scope="col">{t("Submitted")}</th>
                <th scope="col">{t("Contact details")}</th>
              </tr>
            </thead>
            <tbody>
              {data.reports.map((report) => (
                <tr key={report.id}>
                  <td>
                    <Link to={paths.staffGrievance(report.id)}>
                      <bdi>{report.reference}</bdi>
                    </Link>
                  </td>
                  <td>{report.title}</td>
                  <td>{formatDateTime(report.createdAt)}</td>
                  <td>
                    <bdi>{[report.email, report.phone].filter(Boolean).join(", ")}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
