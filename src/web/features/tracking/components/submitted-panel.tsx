import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { announcedReport, dismissAnnouncement } from "#web/lib/my-reports-store.ts";
import { CopyLink } from "#web/lib/copy-link.tsx";
import { formatDate } from "#web/lib/i18n/format.ts";
import "#web/styles/tracking.css";

/**
 * On the list page after a submit (docs/product-decisions.md D13): the report's reference and private link, until dismissed. The
 * form announces the report (my-reports-store.ts) and sends the visitor here after 2 s, as the specification says.
 */
export function SubmittedPanel() {
  const t = useT();
  const [report, setReport] = useState(announcedReport);
  const heading = useRef<HTMLHeadingElement>(null);
  // Right after a submit, this panel is what the reporter needs: it takes the focus from the page's heading (which
  // the route change gave it) and is read out (docs/accessibility.md).
  useEffect(() => {
    const active = document.activeElement;
    if (active === document.body || (active instanceof HTMLElement && active.matches("main h1"))) {
      heading.current?.focus({ preventScroll: true });
    }
  }, []);
  if (!report) return null;

  const dismiss = () => {
    dismissAnnouncement();
    setReport(undefined);
    // The focused button goes away with the panel: the focus goes to the page's heading, not to the body.
    const pageHeading = document.querySelector<HTMLElement>("main h1");
    if (pageHeading) {
      pageHeading.tabIndex = -1;
      pageHeading.focus();
    }
  };

  return (
    <section className="card submitted-panel" aria-labelledby="submitted-panel-heading" data-testid="submitted-panel">
      <div className="submitted-panel__head">
        <h2 id="submitted-panel-heading" ref={heading} tabIndex={-1}>
          {t("Report {reference} submitted", { reference: report.reference })}
        </h2>
        <button
          type="button"
          className="icon-button"
          onClick={dismiss}
          aria-label={t("Dismiss: report {reference} submitted", { reference: report.reference })}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p>
        {withElements(
          t(
            "Follow your report with this private link. Keep it to yourself: anyone who has it sees the contact details you gave. It is also kept in {myReports} on this device.",
            { myReports: slot("myReports") },
          ),
          { myReports: <Link to={paths.myReports()}>{t("My Reports")}</Link> },
        )}
      </p>
      {report.expectedResolutionAt && (
        <p data-testid="submitted-expected-by">
          {t("Expected by {date}", { date: formatDate(report.expectedResolutionAt) })}
        </p>
      )}
      <CopyLink url={report.trackingUrl} label={t("Your private link")} />
      <p className="submitted-panel__actions">
        <Link className="button" to={paths.track(report.token)}>
          {t("View it")}
        </Link>
      </p>
    </section>
  );
}
