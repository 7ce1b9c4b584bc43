import { SubmitRoute } from "#web/features/grievances/routes/submit-route.tsx";
import type { ReportFormParts } from "#web/features/grievances/components/report-form.tsx";
import { IncidentBannerSlot } from "#web/features/incidents/components/incident-banner-slot.tsx";
import { IncidentMatchPanel } from "#web/features/incidents/components/incident-match.tsx";
import { AffectedButton } from "#web/features/places/components/affected-button.tsx";
import { loadSubmittedPanel } from "#web/features/tracking/components/submitted-panel-slot.tsx";
import { hasAnnouncedReport } from "#web/lib/browser-storage.ts";
import { preloadPage } from "#web/lib/page-preloads.ts";

// Two seconds after an accepted report the visitor is sent to the list: its code downloads meanwhile, so the list
// shows on time even on a slow connection; and so does the panel about the report just submitted, when the form
// announced one to the list (the panel's own chunk).
const onAccepted = () => {
  preloadPage("list");
  if (hasAnnouncedReport()) void loadSubmittedPanel().catch(() => undefined);
};

const parts: ReportFormParts = {
  incidentMatch: (input) => <IncidentMatchPanel {...input} />,
  affected: (report) => <AffectedButton grievanceId={report.id} affected={report.affected} status={report.status} />,
};

/** The report form's page as the router loads it: grievances' page with what the other features put on it. */
export const SubmitPage = () => <SubmitRoute banner={<IncidentBannerSlot />} onAccepted={onAccepted} parts={parts} />;
