import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { INCIDENT_TYPE_NAMES } from "#shared/incidents/incidents.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import type { IncidentListItem, ReportIncident } from "../api/incidents-api.ts";
import { StaffPanel } from "./staff-panel.tsx";

/**
 * On a report's console page: the incident it is part of, with a link; or "Link to an incident" among the
 * active ones (one report, through the incident's bulk linking with a single id).
 */
export function ReportIncidentPanel({
  incident,
  active,
}: {
  incident: ReportIncident | null;
  active: IncidentListItem[];
}) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<StaffActionResult>({ key: "staff-link-incident" });
  const result = fetcher.data?.intent === "link-incident" ? fetcher.data : undefined;
  const fieldError = fieldErrorOf(result, "incidentId");
  return (
    // Folded on a phone while there is only a choice to make; a linked incident is shown.
    <StaffPanel title={t("Incident")} foldOnPhone={!incident} testId="report-incident">
      {incident ? (
        <p data-testid="report-incident-link">
          {withElements(t("Part of incident {incident}", { incident: slot("incident") }), {
            incident: (
              <Link to={paths.staffIncident(incident.id)}>
                <bdi>{incident.title}</bdi>
              </Link>
            ),
          })}{" "}
          <span className="muted">({incident.closedAt ? t("Closed") : t(INCIDENT_TYPE_NAMES[incident.type])})</span>
        </p>
      ) : active.length === 0 ? (
        <p className="muted">{t("No active incidents.")}</p>
      ) : (
        <fetcher.Form method="post" noValidate className="staff-form">
          <input type="hidden" name="intent" value="link-incident" />
          <Field id={`${id}-incident`} label={t("Link to an incident")} error={fieldError} announce>
            {(control) => (
              <select name="incidentId" defaultValue="" {...control}>
                <option value="">{t("Choose an active incident")}</option>
                {active.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="form-actions">
            <BusySubmitButton
              busy={fetcher.state !== "idle"}
              busyLabel={t("Saving...")}
              className="button button--secondary"
            >
              {t("Link")}
            </BusySubmitButton>
          </div>
        </fetcher.Form>
      )}
      <FormFeedback result={result} testId="report-incident" />
    </StaffPanel>
  );
}
