import { Form } from "react-router";
import type { AccountView } from "#shared/admin/admin-schemas.ts";
import type { TeamView } from "#shared/teams/team-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { TeamFields, useKindLabel } from "./team-fields.tsx";

/** One team on the Teams page: what it is, its members, and the administrator's changes to it. */
export function TeamItem({
  team,
  accounts,
  busy,
}: {
  team: TeamView;
  accounts: readonly AccountView[];
  busy: boolean;
}) {
  const t = useT();
  const kindLabel = useKindLabel();
  const name = team.name;
  const memberIds = new Set(team.members.map((member) => member.id));
  const candidates = accounts.filter((account) => !memberIds.has(account.id) && !account.disabled);
  const small = "button button--secondary button--small";
  return (
    <li className={`admin-list__item card${team.active ? "" : " admin-list__item--inactive"}`} data-testid="team-item">
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">
            <bdi>{name}</bdi>
          </h3>
          <p className="admin-list__meta">
            {kindLabel(team.kind)} · <bdi>{team.email}</bdi>
            {!team.active && ` · ${t("Retired")}`}
          </p>
          <p className="admin-list__meta">
            {team.supervisor ? t("Supervisor: {email}", { email: team.supervisor.email }) : t("No supervisor")}
          </p>
        </div>
        <Form method="post" className="admin-list__actions">
          <input type="hidden" name="id" value={team.id} />
          <BusySubmitButton
            busy={busy}
            name="intent"
            value={team.active ? "retire" : "reactivate"}
            className={small}
            aria-label={team.active ? t("Retire: {name}", { name }) : t("Bring back: {name}", { name })}
          >
            {team.active ? t("Retire") : t("Bring back")}
          </BusySubmitButton>
        </Form>
      </div>
      <h4 className="team-members__heading">{t("Members")}</h4>
      {team.members.length === 0 ? (
        <p className="hint">{t("No members yet.")}</p>
      ) : (
        <ul className="team-members">
          {team.members.map((member) => (
            <li key={member.id} className="team-members__item">
              <bdi>{member.email}</bdi>
              <Form method="post">
                <input type="hidden" name="id" value={team.id} />
                <input type="hidden" name="staffId" value={member.id} />
                <BusySubmitButton
                  busy={busy}
                  name="intent"
                  value="remove-member"
                  className={small}
                  aria-label={t("Remove {email} from {name}", { email: member.email, name })}
                >
                  {t("Remove")}
                </BusySubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > 0 && (
        <Form method="post" className="team-members__add">
          <input type="hidden" name="id" value={team.id} />
          <Field id={`team-${team.id}-member`} label={t("Add a member to {name}", { name })}>
            {(control) => (
              <select name="staffId" {...control}>
                {candidates.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.email}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <BusySubmitButton busy={busy} name="intent" value="add-member" className={small}>
            {t("Add member")}
          </BusySubmitButton>
        </Form>
      )}
      <details className="admin-list__edit">
        <summary aria-label={t("Edit: {name}", { name })}>{t("Edit")}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="id" value={team.id} />
          <TeamFields prefix={`team-${team.id}`} team={team} accounts={accounts} />
          <BusySubmitButton busy={busy} name="intent" value="update" className="button">
            {t("Save changes")}
          </BusySubmitButton>
        </Form>
      </details>
    </li>
  );
}
