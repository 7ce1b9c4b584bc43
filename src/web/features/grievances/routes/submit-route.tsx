import { IncidentBannerSlot } from "#web/features/incidents/components/incident-banner-slot.tsx";
import { ReportForm } from "../components/report-form.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { list, listLoader } from "#web/app/route-modules.ts";
import "#web/styles/content.css";

// Two seconds after an accepted report the visitor is sent to the list: its code downloads meanwhile, so the list
// shows on time even on a slow connection.
const loadListPage = () => void Promise.all([list(), listLoader()]).catch(() => undefined);

export function SubmitRoute() {
  const t = useT();
  useDocumentTitle(t("Report a Grievance"));
  return (
    <div className="page page--narrow">
      <h1 id="report-heading">{t("Report a Grievance")}</h1>
      <IncidentBannerSlot />
      <p className="page__lead">{t("Tell us what is wrong and where. Photos help the team understand the problem.")}</p>
      <ReportForm onAccepted={loadListPage} />
    </div>
  );
}
