import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { RememberedReportItem } from "../components/remembered-report-item.tsx";
import { forgetReport, useRememberedReports, type RememberedReport } from "../my-reports-store.ts";
import "../../../styles/tracking.css";

/**
 * /my-reports: the reports submitted from this browser (issue 8), each linking to its private page. Kept on this
 * device only (my-reports-store.ts); forgetting one removes its link from here, not the report.
 */
export function MyReportsRoute() {
  useDocumentTitle("My Reports");
  const reports = useRememberedReports();
  const [forgotten, setForgotten] = useState<RememberedReport | null>(null);

  const forget = (report: RememberedReport) => {
    forgetReport(report.token);
    setForgotten(report);
  };

  return (
    <div className="page page--narrow">
      <h1>My Reports</h1>
      <p className="page__lead">
        Reports sent from this browser, with the private link to follow each one. They are kept on this device only:
        there is no account, and the portal only sees each link when you open it.
      </p>
      <p className="forget-status" role="status" data-testid="forget-status">
        {forgotten && `Report ${forgotten.reference} was removed from this list. The report itself stays on the portal.`}
      </p>
      {reports.length === 0 ? (
        <div className="empty-state card" data-testid="no-remembered-reports">
          <h2>No reports from this browser yet</h2>
          <p>When you report a problem here, it appears in this list so you can follow it.</p>
          <p>
            <Link className="button" to={paths.submit()}>
              Report an Issue
            </Link>
          </p>
        </div>
      ) : (
        <ul className="remembered-reports">
          {reports.map((report) => (
            <RememberedReportItem key={report.token} report={report} onForget={() => forget(report)} />
          ))}
        </ul>
      )}
    </div>
  );
}
