import { useId } from "react";
import { useFetcher } from "react-router";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";
import type { IncidentActionResult } from "../api/incident-actions.ts";

/** "Post an update": a timed public message, and a new expected restoration when it moved. */
export function IncidentUpdateForm() {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<IncidentActionResult>({ key: "incident-update" });
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "update" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const error = (field: string) => (result && !result.ok && result.field === field ? result.message : "");
  const messageError = error("message");
  const restorationError = error("expectedRestorationAt");
  return (
    <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("Post an update")}</h2>
      <fetcher.Form method="post" ref={formRef} noValidate className="staff-form">
        <input type="hidden" name="intent" value="update" />
        <div className="field">
          <label htmlFor={`${id}-message`}>{t("Update for the public")}</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={3}
            maxLength={INCIDENT_LIMITS.message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${id}-message-error` : undefined}
          />
          {messageError && (
            <p className="field-error" id={`${id}-message-error`} role="alert">
              {messageError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-restoration`}>{t("New expected restoration (optional)")}</label>
          <input
            type="datetime-local"
            id={`${id}-restoration`}
            name="expectedRestorationAt"
            aria-invalid={restorationError ? true : undefined}
            aria-describedby={restorationError ? `${id}-restoration-error` : undefined}
          />
          {restorationError && (
            <p className="field-error" id={`${id}-restoration-error`} role="alert">
              {restorationError}
            </p>
          )}
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button">
            {t("Publish the update")}
          </BusySubmitButton>
        </div>
        <FormFeedback result={result} testId="incident-update" />
      </fetcher.Form>
    </section>
  );
}
