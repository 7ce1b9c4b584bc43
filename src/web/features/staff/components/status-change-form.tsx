import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Status } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { NOTE_MAX_LENGTH, STATUS_TRANSITIONS } from "#shared/staff/staff-schemas.ts";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";
import { TemplatePicker } from "./template-picker.tsx";

/** Moves the report to one of the statuses allowed from its current one (STATUS_TRANSITIONS), with a public note. */
export function StatusChangeForm({ status }: { status: Status }) {
  const t = useT();
  const fetcher = useFetcher<StaffActionResult>({ key: "staff-status" });
  const id = useId();
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "status" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const noteError = fieldErrorOf(result, "note");
  const statusError = fieldErrorOf(result, "status");
  const options = STATUS_TRANSITIONS[status];
  // The status chosen, for the response templates offered (template-picker.tsx); none again after a change.
  const [chosen, setChosen] = useState<{ from: Status; to: Status | "" }>({ from: status, to: "" });
  const newStatus = chosen.from === status ? chosen.to : "";
  const noteRef = useRef<HTMLTextAreaElement>(null);

  return (
    <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("Change status")}</h2>
      <p className="muted">
        {withElements(t("Now: {status}", { status: slot("status") }), {
          status: <strong>{t(statusLabel(status))}</strong>,
        })}
      </p>
      <fetcher.Form method="post" ref={formRef} noValidate className="staff-form">
        <input type="hidden" name="intent" value="status" />
        <Field id={`${id}-status`} label={t("New status")} error={statusError}>
          {/*
            Nothing preselected: a status is a public statement, so it is chosen, never taken by default
            (docs/accessibility.md). Remounted when the status changes, so it is empty again after a change.
          */}
          {(control) => (
            <select
              key={status}
              name="status"
              defaultValue=""
              onChange={(event) => setChosen({ from: status, to: event.target.value as Status | "" })}
              {...control}
            >
              <option value="">{t("Choose a new status")}</option>
              {options.map((value) => (
                <option key={value} value={value}>
                  {t(statusLabel(value))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TemplatePicker
          status={newStatus}
          onPick={(text) => {
            if (noteRef.current) noteRef.current.value = text;
          }}
        />
        <Field
          id={`${id}-note`}
          label={t("Public note")}
          hint={t("Shown to everyone on the report's public page. Required when resolving.")}
          error={noteError}
          announce
          errorTestId="note-error"
        >
          {(control) => (
            <textarea ref={noteRef} dir="auto" name="note" rows={4} maxLength={NOTE_MAX_LENGTH} {...control} />
          )}
        </Field>
        <FormFeedback result={result} testId="status-change" />
        <div className="form-actions">
          <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button">
            {t("Change status")}
          </BusySubmitButton>
        </div>
      </fetcher.Form>
    </section>
  );
}
