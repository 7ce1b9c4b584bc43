import { useId } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { ReasonField } from "./reason-field.tsx";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";
import { StaffPanel } from "./staff-panel.tsx";

interface VisibilityFormProps {
  hidden: boolean;
  hiddenAt: string | null;
  hiddenReason: string | null;
}

/**
 * Hide a report from every public page (spam, abuse, personal data) with a required reason, or show it again.
 * One fetcher for both, so the confirmation survives the switch from one form to the other.
 */
export function VisibilityForm({ hidden, hiddenAt, hiddenReason }: VisibilityFormProps) {
  const t = useT();
  const fetcher = useFetcher<StaffActionResult>({ key: "staff-visibility" });
  const id = useId();
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "hide" || fetcher.data?.intent === "unhide" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const reasonError = fieldErrorOf(result, "reason");

  return (
    // Folded on a phone while the report is visible (nothing to see but a rare action); a hidden one says so.
    <StaffPanel title={t("Public visibility")} foldOnPhone={!hidden}>
      {hidden ? (
        <>
          <p data-testid="hidden-state">
            {hiddenAt ? (
              withElements(t("{state} since {date}.", { state: slot("state"), date: slot("date") }), {
                state: <strong>{t("Hidden from the public")}</strong>,
                date: <time dateTime={hiddenAt}>{formatDateTime(hiddenAt)}</time>,
              })
            ) : (
              <>
                <strong>{t("Hidden from the public")}</strong>.
              </>
            )}
          </p>
          {hiddenReason && (
            <p>
              <span className="details__meta-label">{t("Reason:")}</span> {hiddenReason}
            </p>
          )}
          <fetcher.Form method="post" ref={formRef} className="form-actions">
            <input type="hidden" name="intent" value="unhide" />
            <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button button--secondary">
              {t("Unhide")}
            </BusySubmitButton>
          </fetcher.Form>
        </>
      ) : (
        <>
          <p className="muted">
            {t("Visible on public pages. Hide spam, abuse or reports that expose personal data.")}
          </p>
          {/* Closed by default and quieter than "Change status": hiding is the rarer, more drastic action. */}
          <details className="disclosure" open={Boolean(reasonError)}>
            <summary>{t("Hide this report")}</summary>
            <fetcher.Form method="post" ref={formRef} noValidate className="staff-form">
              <input type="hidden" name="intent" value="hide" />
              <ReasonField id={id} label={t("Reason for hiding")} rows={3} error={reasonError} />
              <div className="form-actions">
                <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button button--danger-secondary">
                  {t("Hide report")}
                </BusySubmitButton>
              </div>
            </fetcher.Form>
          </details>
        </>
      )}
      {/* Outside the two branches: the region stays in place when hiding swaps one form for the other. */}
      <FormFeedback result={result} testId="visibility" />
    </StaffPanel>
  );
}
