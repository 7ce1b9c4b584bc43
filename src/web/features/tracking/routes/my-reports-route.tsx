import { useState } from "react";
import { Link } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { RememberedReportItem } from "../components/remembered-report-item.tsx";
import { forgetReport, useRememberedReports, type RememberedReport } from "#web/lib/my-reports-store.ts";
import "#web/styles/tracking.css";
import "#web/styles/content.css";

/**
 * /my-reports: the reports submitted from this browser (decision 013), each linking to its private page. Kept on this
 * device only (my-reports-store.ts); forgetting one removes its link from here, not the report.
 */
export function MyReportsRoute() {
  const t = useT();
  useDocumentTitle(t("My Reports"));
  const reports = useRememberedReports();
  const [forgotten, setForgotten] = useState<RememberedReport | null>(null);

  const forget = (report: RememberedReport) => {
    forgetReport(report.token);
    setForgotten(report);
  };

  return (
    <div className="page page--narrow">
      <h1>{t("My Reports")}</h1>
      <p className="page__lead">
        {t(
          "Reports sent from this browser, with the private link to follow each one. They are kept on this device only: there is no account, and the portal only sees each link when you open it.",
        )}
      </p>
      <p className="forget-status" role="status" data-testid="forget-status">
        {forgotten &&
          t("Report {reference} was removed from this list. The report itself stays on the portal.", {
            reference: forgotten.reference,
          })}
      </p>
      {reports.length === 0 ? (
        <div className="empty-state card" data-testid="no-remembered-reports">
          <h2>{t("No reports from this browser yet")}</h2>
          <p>{t("When you report a problem here, it appears in this list so you can follow it.")}</p>
          <p>
            <Link className="button" to={paths.submit()}>
              {t("Report an Issue")}
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
