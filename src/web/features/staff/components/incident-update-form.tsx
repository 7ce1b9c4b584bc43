import { msg } from "#shared/i18n/locales.ts";
import { useId } from "react";
import { useFetcher } from "react-router";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";
import type { IncidentActionResult } from "../api/incident-actions.ts";
import { DateTimeInput } from "#web/lib/date-time-input.tsx";
import { TranslationFields } from "./incident-translation-fields.tsx";

/** "Post an update": a timed public message, and a new expected restoration when it moved. */
export function IncidentUpdateForm() {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<IncidentActionResult>({ key: "incident-update" });
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "update" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const messageError = fieldErrorOf(result, "message");
  const restorationError = fieldErrorOf(result, "expectedRestorationAt");
  return (
    <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("Post an update")}</h2>
      <fetcher.Form method="post" ref={formRef} noValidate className="staff-form">
        <input type="hidden" name="intent" value="update" />
        <Field id={`${id}-message`} label={t("Update for the public")} error={messageError} announce>
          {(control) => (
            <textarea dir="auto" name="message" rows={3} maxLength={INCIDENT_LIMITS.message} {...control} />
          )}
        </Field>
        <TranslationFields
          idPrefix={`${id}-message`}
          fields={[
            { name: "message", label: msg("Update for the public"), maxLength: INCIDENT_LIMITS.message, rows: 2 },
          ]}
        />
        <Field
          id={`${id}-restoration`}
          label={t("New expected restoration (optional)")}
          error={restorationError}
          announce
        >
          {(control) => <DateTimeInput name="expectedRestorationAt" {...control} />}
        </Field>
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
