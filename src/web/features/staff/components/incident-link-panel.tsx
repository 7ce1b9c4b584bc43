import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CategoryView } from "#shared/categories/category-schemas.ts";
import { STATUSES, type Status } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { formatDate } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { paths } from "#web/lib/paths.ts";
import { CategoryOptions } from "#web/lib/categories/category-options.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import type { IncidentActionResult } from "../api/incident-actions.ts";
import type { IncidentCandidate, StaffIncident } from "../api/incidents-api.ts";

/** A report's status in words; the server's statuses are the known ones, anything else is shown as it is. */
export const statusWords = (status: string, t: (id: string) => string) =>
  (STATUSES as readonly string[]).includes(status) ? t(statusLabel(status as Status)) : status;

const selectable = (candidate: IncidentCandidate, incidentId: string) =>
  candidate.linkedIncidentId === null || candidate.linkedIncidentId === incidentId;

/**
 * "Link reports": the open reports of a category inside the incident's area (the server's preview), each checked,
 * those of another incident shown but not selectable; then "Link N reports" links the checked ones.
 */
export function IncidentLinkPanel({ categories, incidentId }: { categories: CategoryView[]; incidentId: string }) {
  const t = useT();
  const categoryName = useCategoryName();
  const id = useId();
  const preview = useFetcher<IncidentActionResult>({ key: "incident-preview" });
  const link = useFetcher<IncidentActionResult>({ key: "incident-link" });
  const shown = preview.data?.intent === "preview" && preview.data.ok ? preview.data.data : undefined;
  const previewProblem = preview.data?.intent === "preview" && !preview.data.ok ? preview.data : undefined;
  const linkResult = link.data?.intent === "link" ? link.data : undefined;
  const candidates = shown?.candidates.items ?? [];
  // Unchecked by staff, for the preview shown: a new preview starts with every report that can be taken checked.
  const [unchecked, setUnchecked] = useState<{ of: unknown; ids: ReadonlySet<string> }>({
    of: undefined,
    ids: new Set(),
  });
  const uncheckedIds = unchecked.of === shown ? unchecked.ids : new Set<string>();
  const takeable = candidates.filter((candidate) => candidate.linkedIncidentId === null);
  const chosen = new Set(
    takeable.filter((candidate) => !uncheckedIds.has(candidate.id)).map((candidate) => candidate.id),
  );

  const toggle = (candidateId: string, on: boolean) => {
    const next = new Set(uncheckedIds);
    if (on) next.delete(candidateId);
    else next.add(candidateId);
    setUnchecked({ of: shown, ids: next });
  };

  return (
    <section className="card staff-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("Link reports")}</h2>
      <p className="muted">{t("Open reports of a category inside the incident's area or localities.")}</p>
      <preview.Form method="post" className="staff-form incident-link__preview">
        <input type="hidden" name="intent" value="preview" />
        <Field id={`${id}-category`} label={t("Category")}>
          {(control) => (
            <select name="category" defaultValue="" {...control}>
              <option value="">{t("All categories")}</option>
              <CategoryOptions categories={categories} />
            </select>
          )}
        </Field>
        <div className="form-actions">
          <BusySubmitButton
            busy={preview.state !== "idle"}
            busyLabel={t("Loading...")}
            className="button button--secondary"
          >
            {t("Preview")}
          </BusySubmitButton>
        </div>
      </preview.Form>
      <FormFeedback result={previewProblem} testId="incident-preview" />
      {shown && (
        <link.Form method="post" className="staff-form incident-link__candidates" data-testid="incident-candidates">
          <input type="hidden" name="intent" value="link" />
          {candidates.length === 0 ? (
            <p className="muted" role="status">
              {t("No open reports match.")}
            </p>
          ) : (
            <>
              <p role="status">
                {shown.candidates.truncated
                  ? t(
                      "{count, plural, one {# report found} other {# reports found}}; more match than are shown here.",
                      { count: candidates.length },
                    )
                  : t("{count, plural, one {# report found.} other {# reports found.}}", { count: candidates.length })}
              </p>
              <ul className="incident-candidates">
                {candidates.map((candidate) => {
                  const elsewhere = !selectable(candidate, incidentId);
                  const here = candidate.linkedIncidentId === incidentId;
                  return (
                    <li key={candidate.id} className="incident-candidates__item" data-testid="incident-candidate">
                      <label>
                        <input
                          type="checkbox"
                          name="grievanceId"
                          value={candidate.id}
                          checked={chosen.has(candidate.id)}
                          disabled={elsewhere || here}
                          onChange={(event) => toggle(candidate.id, event.currentTarget.checked)}
                        />
                        <span className="incident-candidates__title">
                          <code>{candidate.reference}</code> <bdi>{candidate.title}</bdi>
                        </span>
                      </label>
                      <span className="incident-candidates__meta">
                        {[
                          categoryName(candidate.category),
                          statusWords(candidate.status, t),
                          candidate.location,
                          formatDate(candidate.createdAt),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                      {elsewhere && <span className="badge badge--muted">{t("Linked to another incident")}</span>}
                      {here && <span className="badge badge--muted">{t("Already linked")}</span>}
                    </li>
                  );
                })}
              </ul>
              <div className="form-actions">
                <BusySubmitButton
                  busy={link.state !== "idle"}
                  unavailable={chosen.size === 0}
                  busyLabel={t("Saving...")}
                  className="button"
                >
                  {t("{count, plural, one {Link # report} other {Link # reports}}", { count: chosen.size })}
                </BusySubmitButton>
              </div>
            </>
          )}
        </link.Form>
      )}
      <FormFeedback result={linkResult} testId="incident-link" />
    </section>
  );
}

/** The reports linked to the incident, each opening its console page. */
export function LinkedReports({ incident }: { incident: StaffIncident }) {
  const t = useT();
  const categoryName = useCategoryName();
  return (
    <section className="card staff-panel incident-linked" aria-labelledby="linked-reports-heading">
      <h2 id="linked-reports-heading">{t("Linked reports ({count})", { count: incident.linkedReports.length })}</h2>
      {incident.linkedReports.length === 0 ? (
        <p className="muted">{t("No reports linked yet.")}</p>
      ) : (
        <ul className="incident-linked__list" data-testid="linked-reports">
          {incident.linkedReports.map((report) => (
            <li key={report.id} data-testid="linked-report">
              <Link to={paths.staffGrievance(report.id)}>
                <code>{report.reference}</code> <bdi>{report.title}</bdi>
              </Link>
              <span className="incident-candidates__meta">
                {[categoryName(report.category), statusWords(report.status, t), formatDate(report.createdAt)].join(
                  " · ",
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
