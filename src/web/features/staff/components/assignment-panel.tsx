import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getTeams, assignGrievance, type AssignmentChoice } from "../api/work-on-reports-api.ts";
import { StaffPanel } from "./staff-panel.tsx";
import { TeamMemberFields } from "./team-member-fields.tsx";

/** The teams to choose from, read once per panel (a few rows); the page shows without them if they fail. */
export const useTeams = () => useApiData("teams", (_key, signal) => getTeams(signal), { what: "Teams" });

/**
 * "Assignment" on the report page (docs/decisions/029-teams-routing-and-assignment.md): who is responsible now,
 * and a form to assign or reassign it to a team and optionally one of its members, who is told by e-mail. The
 * page's data is reloaded after it, so the timeline and the e-mail sent show the change.
 */
export function AssignmentPanel({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const teams = useTeams();
  const [choice, setChoice] = useState<AssignmentChoice>({
    teamId: grievance.team?.id ?? "",
    staffAccountId: grievance.assignee?.id ?? "",
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setDone("");
    if (!choice.teamId) {
      setError(t(WORK_MESSAGES.teamRequired));
      return;
    }
    setBusy(true);
    setError("");
    assignGrievance(grievance.id, choice)
      .then((updated) => {
        setDone(
          updated.assignee
            ? t("Assigned to {person} in {team}.", { person: updated.assignee.email, team: updated.team?.name ?? "" })
            : t("Assigned to {team}.", { team: updated.team?.name ?? "" }),
        );
        void revalidator.revalidate();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };

  return (
    <StaffPanel title={t("Assignment")} testId="assignment">
      <p data-testid="assignment-now">
        <span className="details__meta-label">{t("Team:")}</span>{" "}
        {grievance.team ? <bdi>{grievance.team.name}</bdi> : <span className="muted">{t("Needs a team")}</span>}
        <br />
        <span className="details__meta-label">{t("Assignee:")}</span>{" "}
        {grievance.assignee ? <bdi>{grievance.assignee.email}</bdi> : <span className="muted">{t("Nobody yet")}</span>}
      </p>
      {teams.state === "failed" ? (
        <p className="alert alert--error">{t("The teams could not be loaded. Reload the page to try again.")}</p>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="staff-form">
          <TeamMemberFields
            id={id}
            teams={teams.state === "loaded" ? teams.data.teams : []}
            choice={choice}
            disabled={busy || teams.state !== "loaded"}
            onChange={(next) => {
              setChoice(next);
              setError("");
              setDone("");
            }}
          />
          <div className="form-feedback">
            <div role="alert" className={error ? "alert alert--error" : undefined} data-testid="assignment-error">
              {error}
            </div>
            <div role="status" className={done ? "alert alert--success" : undefined} data-testid="assignment-done">
              {done}
            </div>
          </div>
          <div className="form-actions">
            <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button">
              {grievance.team ? t("Reassign") : t("Assign")}
            </BusySubmitButton>
          </div>
        </form>
      )}
    </StaffPanel>
  );
}
