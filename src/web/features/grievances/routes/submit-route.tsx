import type { ReactNode } from "react";
import { ReportForm, type ReportFormParts } from "../components/report-form.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import "#web/styles/content.css";

/**
 * Handed in by the app (app/pages/submit-page.tsx): `banner`, the active incidents' banner; `onAccepted`, what to
 * start once a report is accepted (the list's code, which the visitor is sent to two seconds later); `parts`, the
 * form's pieces from other features.
 */
export function SubmitRoute(props: { banner: ReactNode; onAccepted: () => void; parts: ReportFormParts }) {
  const t = useT();
  useDocumentTitle(t("Report a Grievance"));
  return (
    <div className="page page--narrow">
      <h1 id="report-heading">{t("Report a Grievance")}</h1>
      {props.banner}
      <p className="page__lead">{t("Tell us what is wrong and where. Photos help the team understand the problem.")}</p>
      <ReportForm onAccepted={props.onAccepted} parts={props.parts} />
    </div>
  );
}
