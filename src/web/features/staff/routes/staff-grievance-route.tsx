import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { directionOf } from "#shared/i18n/locales.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getStaffGrievance } from "../api/staff-api.ts";
import { StaffNotifications } from "../components/staff-notifications.tsx";
import { StaffReportBody, StaffReportSummary } from "../components/staff-report.tsx";
import { StaffTimeline } from "../components/staff-timeline.tsx";
import { StatusChangeForm } from "../components/status-change-form.tsx";
import { VisibilityForm } from "../components/visibility-form.tsx";
import { AssignmentPanel } from "../components/assignment-panel.tsx";
import { PriorityForm } from "../components/priority-form.tsx";
import { InternalNotesPanel } from "../components/internal-notes-panel.tsx";
import { getIncidents, type IncidentListItem, type ReportIncident } from "../api/incidents-api.ts";
import { ReportIncidentPanel } from "../components/report-incident-panel.tsx";
import { TechnicianLinksPanel } from "../components/technician-links-panel.tsx";
import { DuplicatePanel } from "../components/duplicate-panel.tsx";
import { PersonalDataPanel } from "../components/personal-data-panel.tsx";
import { SmsPanel } from "../components/sms-panel.tsx";
import { PlaceReportPanel } from "../components/place-report-panel.tsx";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { paths } from "#web/lib/paths.ts";

export { staffGrievanceAction } from "../api/staff-actions.ts";

type IncidentContext = { incident: ReportIncident | null; activeIncidents: IncidentListItem[] };
type LoaderResult = ({ grievance: StaffGrievanceDetail } | { grievance: null }) & IncidentContext;

/**
 * The active incidents the report could join (decision 021), side by side with the report; the report's page still
 * shows if they fail, without the incident panel's choices. The incident it is part of comes with the report.
 */
async function activeIncidents(signal: AbortSignal): Promise<IncidentListItem[]> {
  const list = await getIncidents(signal).catch(() => ({ items: [] }));
  return list.items.filter((item) => item.closedAt === null);
}

/** Awaited (a 401 must redirect first); also re-run by the router after each of the page's forms succeeds. */
export async function staffGrievanceLoader({ request, params }: LoaderFunctionArgs): Promise<LoaderResult> {
  const id = params.id ?? "";
  const active = activeIncidents(request.signal);
  try {
    const grievance = await withStaffSession(request, () => getStaffGrievance(id, request.signal));
    return { grievance, incident: grievance.incident, activeIncidents: await active };
  } catch (error) {
    if (error instanceof ApiRequestError && error.isNotFound)
      return { grievance: null, incident: null, activeIncidents: [] };
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
  const { grievance, incident, activeIncidents } = useLoaderData<typeof staffGrievanceLoader>();
  return grievance ? (
    <StaffGrievancePage grievance={grievance} incident={incident} activeIncidents={activeIncidents} />
  ) : (
    <NotFound />
  );
}

function StaffGrievancePage({
  grievance,
  incident,
  activeIncidents,
}: { grievance: StaffGrievanceDetail } & IncidentContext) {
  const t = useT();
  // "Back" points the way the page's text runs: left in English, right in Arabic.
  const back = directionOf(useLocale()) === "rtl" ? "\u2192" : "\u2190";
  useDocumentTitle(t("{title} (staff)", { title: grievance.title }));
  return (
    <div className="page staff-report-page">
      <p>
        <Link to={paths.staffConsole()}>{`${back} ${t("Back to the work queue")}`}</Link>
      </p>
      {/*
        In reading order, which is the phone's: the report's summary, "Change status", the report itself, then the
        secondary panels (folded on a phone). On a wide screen the report's two parts flow down the start side and
        the panels down the end side (staff-queue.css), in the same order for the keyboard.
      */}
      <div className="staff-report-flow">
        <StaffReportSummary grievance={grievance} />
        <StatusChangeForm status={grievance.status} />
        <StaffReportBody grievance={grievance} />
        <SmsPanel grievance={grievance} />
        <PlaceReportPanel grievance={grievance} />
        <AssignmentPanel grievance={grievance} />
        <PriorityForm priority={grievance.priority} />
        <InternalNotesPanel grievanceId={grievance.id} notes={grievance.internalNotes} />
        <ReportIncidentPanel incident={incident} active={activeIncidents} />
        <TechnicianLinksPanel grievanceId={grievance.id} />
        <DuplicatePanel grievance={grievance} />
        <VisibilityForm
          hidden={grievance.hidden}
          hiddenAt={grievance.hidden_at}
          hiddenReason={grievance.hidden_reason}
        />
        <PersonalDataPanel grievance={grievance} />
        <StaffTimeline createdAt={grievance.created_at} events={grievance.timeline} />
        <StaffNotifications notifications={grievance.notifications} />
      </div>
    </div>
  );
}
