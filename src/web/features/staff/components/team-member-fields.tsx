import type { TeamView } from "#shared/teams/team-schemas.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { AssignmentChoice } from "../api/work-on-reports-api.ts";

/**
 * The team, then optionally one of its members: the assignment form of the report page and of the queue's bulk
 * actions. Retired teams are not offered; choosing another team forgets the member chosen in the last one.
 */
export function TeamMemberFields({
  id,
  teams,
  choice,
  disabled,
  error,
  onChange,
}: {
  id: string;
  teams: readonly TeamView[];
  choice: AssignmentChoice;
  disabled: boolean;
  error?: string | undefined;
  onChange: (choice: AssignmentChoice) => void;
}) {
  const t = useT();
  const active = teams.filter((team) => team.active);
  const team = active.find((candidate) => candidate.id === choice.teamId);
  return (
    <>
      <Field id={`${id}-team`} label={t("Team")} mark="required" error={error} announce>
        {(control) => (
          <select
            {...control}
            value={choice.teamId}
            disabled={disabled}
            onChange={(event) => onChange({ teamId: event.target.value, staffAccountId: "" })}
          >
            <option value="">{t("Choose a team")}</option>
            {active.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-member`} label={t("Member")} mark="optional">
        {(control) => (
          <select
            {...control}
            value={choice.staffAccountId}
            disabled={disabled || !team}
            onChange={(event) => onChange({ ...choice, staffAccountId: event.target.value })}
          >
            <option value="">{t("The whole team")}</option>
            {(team?.members ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.email}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
