import { TEAM_KINDS, TEAM_NAME_MAX_LENGTH, type TeamKind, type TeamView } from "#shared/teams/team-schemas.ts";
import type { AccountView } from "#shared/admin/admin-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { Field } from "#web/lib/form-field.tsx";

/** The words for each kind of team, in the reader's language. */
export function useKindLabel(): (kind: TeamKind) => string {
  const t = useT();
  return (kind) => (kind === "crew" ? t("In-house crew") : kind === "contractor" ? t("Contractor") : t("Partner body"));
}

/**
 * A team's name, inbox, kind and supervisor: the new team's form and each team's "Edit" form. `prefix` keeps the
 * ids of several forms on one page apart.
 */
export function TeamFields({
  prefix,
  team,
  accounts,
}: {
  prefix: string;
  team?: TeamView;
  accounts: readonly AccountView[];
}) {
  const t = useT();
  const kindLabel = useKindLabel();
  return (
    <div className="admin-form__fields">
      <Field id={`${prefix}-name`} label={t("Team name")}>
        {(control) => (
          <input
            type="text"
            name="name"
            required
            maxLength={TEAM_NAME_MAX_LENGTH}
            defaultValue={team?.name}
            autoComplete="off"
            {...control}
          />
        )}
      </Field>
      <Field id={`${prefix}-email`} label={t("Team inbox (e-mail)")}>
        {(control) => (
          <input type="email" name="email" required maxLength={254} defaultValue={team?.email} {...control} />
        )}
      </Field>
      <Field id={`${prefix}-kind`} label={t("Kind")}>
        {(control) => (
          <select name="kind" defaultValue={team?.kind ?? "crew"} {...control}>
            {TEAM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${prefix}-supervisor`} label={t("Supervisor")}>
        {(control) => (
          <select name="supervisorId" defaultValue={team?.supervisor?.id ?? ""} {...control}>
            <option value="">{t("No supervisor")}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.email}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
