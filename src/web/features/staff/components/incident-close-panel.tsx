import { msg } from "#shared/i18n/locales.ts";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import type { IncidentActionResult } from "../api/incident-actions.ts";
import type { StaffIncident } from "../api/incidents-api.ts";
import { TranslationFields } from "./incident-translation-fields.tsx";

/**
 * "Close the incident", a deliberate step in three: a button that opens the panel; the final message and whether
 * every linked open report is resolved with it (not ticked until staff tick it: resolving reports is public and
 * e-mails their reporters); then a confirmation that says how many reports that resolves and who is told.
 */
export function IncidentClosePanel({ incident }: { incident: StaffIncident }) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<IncidentActionResult>({ key: "incident-close" });
  const result = fetcher.data?.intent === "close" ? fetcher.data : undefined;
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [resolve, setResolve] = useState(false);
  const [finalMessage, setFinalMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const firstStep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const open = incident.linkedReports.filter((report) => report.status !== "resolved").length;
  const serverError = fieldErrorOf(result, "finalMessage");
  const messageError = missing ? t("Write the final message residents will read.") : serverError;

  if (incident.closedAt) {
    return (
      <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t("Closed")}</h2>
        <FormFeedback result={result} testId="incident-close" />
        {!result && (
          <p className="muted">{t("This incident is closed: its page and alerts show the final message.")}</p>
        )}
      </section>
    );
  }

  if (!opened) {
    return (
      <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t("Close the incident")}</h2>
        <p className="muted">
          {t(
            "Closing ends the incident: its page shows your final message and subscribers are told. You can review it before anything happens.",
          )}
        </p>
        <div className="form-actions">
          <button
            ref={opener}
            type="button"
            className="button button--danger-secondary"
            aria-expanded={false}
            onClick={() => {
              setOpened(true);
              // The panel replaces the button pressed: the focus goes to its first field.
              setTimeout(() => document.getElementById(`${id}-final`)?.focus());
            }}
          >
            {t("Close the incident")}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("Close the incident")}</h2>
      <fetcher.Form method="post" noValidate className="staff-form">
        <input type="hidden" name="intent" value="close" />
        <Field id={`${id}-final`} label={t("Final message")} error={messageError} announce>
          {(control) => (
            <textarea
              dir="auto"
              name="finalMessage"
              rows={3}
              maxLength={INCIDENT_LIMITS.message}
              value={finalMessage}
              readOnly={confirming}
              onChange={(event) => {
                setFinalMessage(event.currentTarget.value);
                setMissing(false);
              }}
              {...control}
            />
          )}
        </Field>
        <TranslationFields
          idPrefix={`${id}-final`}
          fields={[{ name: "finalMessage", label: msg("Final message"), maxLength: INCIDENT_LIMITS.message, rows: 2 }]}
        />
        <label className="checkbox-field">
          <input
            type="checkbox"
            name="resolveLinkedReports"
            checked={resolve}
            onChange={(event) => setResolve(event.currentTarget.checked)}
            disabled={confirming}
          />
          {t("Resolve every linked open report with this message")}
        </label>
        {/* A disabled checkbox is not sent: while confirming, the choice travels in a hidden field. */}
        {confirming && resolve && <input type="hidden" name="resolveLinkedReports" value="on" />}
        {confirming ? (
          <div className="incident-close__confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p
              id={`${id}-confirm`}
              ref={confirmation}
              tabIndex={-1}
              className="incident-close__warning"
              data-testid="close-confirmation"
            >
              {resolve
                ? t(
                    "{count, plural, one {This will resolve # report and notify its reporter and followers.} other {This will resolve # reports and notify their reporters and followers.}}",
                    { count: open },
                  )
                : t("The linked reports stay as they are; only the incident is closed.")}
            </p>
            <div className="form-actions">
              <BusySubmitButton
                busy={fetcher.state !== "idle"}
                busyLabel={t("Saving...")}
                className="button button--danger"
              >
                {t("Confirm and close")}
              </BusySubmitButton>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setConfirming(false);
                  setTimeout(() => firstStep.current?.focus());
                }}
              >
                {t("Go back")}
              </button>
            </div>
          </div>
        ) : (
          <div className="form-actions">
            <button
              ref={firstStep}
              type="button"
              className="button button--danger-secondary"
              data-testid="close-review"
              onClick={() => {
                if (finalMessage.trim() === "") {
                  setMissing(true);
                  document.getElementById(`${id}-final`)?.focus();
                  return;
                }
                setConfirming(true);
                // The confirmation replaces the button pressed: the focus goes to what it says.
                setTimeout(() => confirmation.current?.focus());
              }}
            >
              {t("Review and close")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setOpened(false);
                setMissing(false);
                setTimeout(() => opener.current?.focus());
              }}
            >
              {t("Cancel")}
            </button>
          </div>
        )}
        <FormFeedback result={result} testId="incident-close" />
      </fetcher.Form>
    </section>
  );
}
