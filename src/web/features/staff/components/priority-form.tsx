import { useId } from "react";
import { useFetcher } from "react-router";
import { PRIORITIES, type Priority } from "#shared/domain.ts";
import { priorityLabel } from "#shared/format.ts";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import { StaffPanel } from "./staff-panel.tsx";

/**
 * "Priority" on the report page: staff triage (docs/product-decisions.md D17,
 * docs/decisions/030-service-targets-and-escalation.md). The report's priority now and the others to choose from; after
 * a change the page's data is reloaded, so its due times follow the new priority's service targets and the timeline
 * shows the 'priority' event.
 */
export function PriorityForm({ priority }: { priority: Priority }) {
  const t = useT();
  const fetcher = useFetcher<StaffActionResult>({ key: "staff-priority" });
  const id = useId();
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "priority" ? fetcher.data : undefined;
  const priorityError = fieldErrorOf(result, "priority");
  const others = PRIORITIES.filter((value) => value !== priority);

  return (
    <StaffPanel title={t("Priority")} testId="priority">
      <p className="muted" data-testid="priority-now">
        {withElements(t("Now: {priority}", { priority: slot("priority") }), {
          priority: <strong>{t(priorityLabel(priority))}</strong>,
        })}
      </p>
      <fetcher.Form method="post" noValidate className="staff-form">
        <input type="hidden" name="intent" value="priority" />
        <Field id={`${id}-priority`} label={t("New priority")} error={priorityError} announce>
          {/* Nothing preselected, like "New status": remounted when the priority changes, so empty again after. */}
          {(control) => (
            <select key={priority} name="priority" defaultValue="" {...control}>
              <option value="">{t("Choose a new priority")}</option>
              {others.map((value) => (
                <option key={value} value={value}>
                  {t(priorityLabel(value))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormFeedback result={result} testId="priority-change" />
        <div className="form-actions">
          <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button button--secondary">
            {t("Change priority")}
          </BusySubmitButton>
        </div>
      </fetcher.Form>
    </StaffPanel>
  );
}
