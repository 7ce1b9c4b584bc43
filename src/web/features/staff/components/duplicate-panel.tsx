import { useId, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import type { StaffGrievance, StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { WORK_MESSAGES } from "#shared/staff/call-and-duplicate-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import { findReports } from "../api/work-api.ts";
import { StaffPanel } from "./staff-panel.tsx";
import "./calls-and-duplicates.css";

/** What a 'duplicate' event of the report itself holds (duplicate-repository.ts). */
interface MergedInto {
  originalId: string;
  originalReference: string;
}

/**
 * "Mark as duplicate of…" (docs/decisions/033-duplicates-calls-and-templates.md): find the original by its reference
 * or words, see its title, then confirm. The report is resolved with a public note naming the original, whose
 * followers and count of people affected grow.
 */
export function DuplicatePanel({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const merged = grievance.timeline.find((e) => e.kind === "duplicate" && e.details.role === "duplicate")?.details as
    MergedInto | undefined;
  return (
    <StaffPanel title={t("Mark as duplicate of…")} foldOnPhone testId="duplicate-panel">
      {merged ? (
        <p data-testid="duplicate-of">
          {withElements(t("This report is a duplicate of {reference}.", { reference: slot("reference") }), {
            reference: (
              <Link to={paths.staffGrievance(merged.originalId)}>
                <bdi>{merged.originalReference}</bdi>
              </Link>
            ),
          })}
        </p>
      ) : grievance.status === "resolved" ? (
        <p className="muted">{t(WORK_MESSAGES.resolvedNotDuplicate)}</p>
      ) : (
        <DuplicateFinder grievanceId={grievance.id} />
      )}
    </StaffPanel>
  );
}

function DuplicateFinder({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<StaffActionResult>({ key: "staff-duplicate" });
  const [found, setFound] = useState<StaffGrievance[] | undefined>();
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState("");
  const [chosen, setChosen] = useState<StaffGrievance | undefined>();
  const result = fetcher.data?.intent === "duplicate" ? fetcher.data : undefined;

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setChosen(undefined);
    if (!q) return setProblem(t(WORK_MESSAGES.duplicateOfRequired));
    setSearching(true);
    try {
      const answer = await findReports(q);
      setFound(answer.items.filter((item) => item.id !== grievanceId));
      setProblem("");
    } catch (error) {
      setProblem(translateText(errorMessageOf(error)));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="duplicate-finder">
      <form
        role="search"
        className="staff-form"
        onSubmit={(event) => void search(event)}
        aria-label={t("Find the original report")}
      >
        <label htmlFor={`${id}-q`}>{t("Reference or words of the original report")}</label>
        <div className="duplicate-finder__row">
          <input id={`${id}-q`} name="q" type="search" dir="auto" autoComplete="off" data-testid="duplicate-search" />
          <BusySubmitButton busy={searching} busyLabel={t("Searching...")} className="button button--secondary">
            {t("Find")}
          </BusySubmitButton>
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {found && (
        <div aria-live="polite">
          {found.length === 0 ? (
            <p className="muted">{t("No other report matches.")}</p>
          ) : (
            <fieldset className="duplicate-finder__found">
              <legend>{t("Reports found")}</legend>
              {found.map((item) => (
                <label key={item.id} className="duplicate-finder__choice">
                  <input
                    type="radio"
                    name="original"
                    value={item.id}
                    checked={chosen?.id === item.id}
                    onChange={() => setChosen(item)}
                  />{" "}
                  <bdi className="reference">{item.reference}</bdi> <bdi>{item.title}</bdi>{" "}
                  <StatusBadge status={item.status} />
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {chosen && (
        <fetcher.Form method="post" className="duplicate-finder__confirm" data-testid="duplicate-confirm">
          <input type="hidden" name="intent" value="duplicate" />
          <input type="hidden" name="duplicateOfId" value={chosen.id} />
          <p>
            <strong>{t("The original:")}</strong> <bdi className="reference">{chosen.reference}</bdi>{" "}
            <bdi data-testid="duplicate-original-title">{chosen.title}</bdi>
          </p>
          <p className="muted">
            {withElements(
              t(
                "This report will be resolved with a public note naming {reference}. Its reporter and followers will follow {reference}, which counts one more person affected.",
                { reference: slot("reference") },
              ),
              { reference: <bdi className="duplicate-finder__ref">{chosen.reference}</bdi> },
            )}
          </p>
          <div className="form-actions">
            <BusySubmitButton busy={fetcher.state !== "idle"} busyLabel={t("Saving...")} className="button">
              {t("Mark as duplicate of {reference}", { reference: chosen.reference })}
            </BusySubmitButton>
            <button type="button" className="button button--secondary" onClick={() => setChosen(undefined)}>
              {t("Cancel")}
            </button>
          </div>
        </fetcher.Form>
      )}
      <FormFeedback result={result} testId="duplicate" />
    </div>
  );
}
