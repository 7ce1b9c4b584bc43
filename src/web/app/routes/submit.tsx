import { ReportForm } from "../../features/report/components/report-form.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { list, listLoader } from "../route-modules.ts";

// Two seconds after an accepted report the visitor is sent to the list: its code downloads meanwhile, so the list
// shows on time even on a slow connection.
const loadListPage = () => void Promise.all([list(), listLoader()]).catch(() => undefined);

export function SubmitRoute() {
  useDocumentTitle("Report a Grievance");
  return (
    <div className="page page--narrow">
      <h1 id="report-heading">Report a Grievance</h1>
      <p className="page__lead">Tell us what is wrong and where. Photos help the team understand the problem.</p>
      <ReportForm onAccepted={loadListPage} />
    </div>
  );
}
