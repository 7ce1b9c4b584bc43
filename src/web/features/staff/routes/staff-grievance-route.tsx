import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { StaffGrievanceDetail } from "../../../../shared/staff-api.ts";
import { STAFF_MESSAGES } from "../../../../shared/staff-messages.ts";
import { directionOf } from "../../../../shared/i18n/locales.ts";
import { ApiRequestError } from "../../../lib/api-client.ts";
import { useLocale, useT } from "../../../lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { getStaffGrievance } from "../api/staff-api.ts";
import { StaffNotifications } from "../components/staff-notifications.tsx";
import { StaffReport } from "../components/staff-report.tsx";
import { StaffTimeline } from "../components/staff-timeline.tsx";
import { StatusChangeForm } from "../components/status-change-form.tsx";
import { VisibilityForm } from "../components/visibility-form.tsx";
import { withStaffSession } from "../session-guard.ts";
import { paths } from "../../../lib/paths.ts";

export { staffGrievanceAction } from "../staff-actions.ts";

type LoaderResult = { grievance: StaffGrievanceDetail } | { grievance: null };

/** Awaited (a 401 must redirect first); also re-run by the router after each of the page's forms succeeds. */
export async function staffGrievanceLoader({ request, params }: LoaderFunctionArgs): Promise<LoaderResult> {
  try {
    return { grievance: await withStaffSession(request, () => getStaffGrievance(params.id ?? "", request.signal)) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.isNotFound) return { grievance: null };
    throw error;
  }
}

function NotFound() {
  const t = useT();
  useDocumentTitle(t(STAFF_MESSAGES.notFound));
  return (
    <section className="message-page card">
      <h1>{t(STAFF_MESSAGES.notFound)}</h1>
      <p>
        <Link className="button" to={paths.staffConsole()}>
          {t("Back to the work queue")}
        </Link>
      </p>
    </section>
  );
}

export function StaffGrievanceRoute() {
  const { grievance } = useLoaderData<typeof staffGrievanceLoader>();
  return grievance ? <StaffGrievancePage grievance={grievance} /> : <NotFound />;
}

function StaffGrievancePage({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  // "Back" points the way the page's text runs: left in English, right in Arabic.
  const back = directionOf(useLocale()) === "rtl" ? "\u2192" : "\u2190";
  useDocumentTitle(t("{title} (staff)", { title: grievance.title }));
  return (
    <div className="page staff-report-page">
      <p>
        <Link to={paths.staffConsole()}>{`${back} ${t("Back to the work queue")}`}</Link>
      </p>
      <div className="staff-report-layout">
        <StaffReport grievance={grievance} />
        <div className="staff-report-layout__side">
          <StatusChangeForm status={grievance.status} />
          <VisibilityForm hidden={grievance.hidden} hiddenAt={grievance.hidden_at} hiddenReason={grievance.hidden_reason} />
          <StaffTimeline createdAt={grievance.created_at} events={grievance.timeline} />
          <StaffNotifications notifications={grievance.notifications} />
        </div>
      </div>
    </div>
  );
}
