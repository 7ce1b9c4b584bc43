import { ReportForm } from "../../features/report/components/report-form.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

export function SubmitRoute() {
  useDocumentTitle("Report a Grievance");
  return (
    <div className="page page--narrow">
      <h1 id="report-heading">Report a Grievance</h1>
      <p className="page__lead">Tell us what is wrong and where. Photos help the team understand the problem.</p>
      <ReportForm />
    </div>
  );
}
