import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { newTeamSchema, teamChangeSchema } from "#shared/teams/team-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { getAccounts } from "../api/admin-api.ts";
import { addTeamMember, changeTeam, createTeam, getTeams, removeTeamMember } from "../api/teams-api.ts";
import { TeamFields } from "../components/team-fields.tsx";
import { TeamItem } from "../components/team-item.tsx";
import { adminPagePaths } from "./admin-page-paths.ts";
import "./teams.css";

export async function teamsLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, async () => {
    const [{ teams }, { accounts }] = await Promise.all([getTeams(request.signal), getAccounts(request.signal)]);
    return { teams, accounts };
  });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
/** The team form's fields; an empty supervisor means none. */
const fieldsOf = (form: FormData) => ({
  name: text(form, "name"),
  email: text(form, "email"),
  kind: text(form, "kind"),
  supervisorId: text(form, "supervisorId") || null,
});

/** A shared schema's message is an English id; the server's answers come already translated. */
const problemOf = (intent: string, issues: readonly { message: string }[]) =>
  refusal(intent, translateText(issues[0]?.message ?? ""));

/** One action for the page's forms, told apart by `intent`; the shared schemas check input before it is sent. */
export async function teamsAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = text(form, "id");
  try {
    if (intent === "create") {
      const parsed = newTeamSchema.safeParse(fieldsOf(form));
      if (!parsed.success) return problemOf(intent, parsed.error.issues);
      const saved = await createTeam(parsed.data);
      return { intent, ok: true, message: t("Team {name} created.", { name: saved.name }) };
    }
    if (intent === "update") {
      const parsed = teamChangeSchema.safeParse(fieldsOf(form));
      if (!parsed.success) return problemOf(intent, parsed.error.issues);
      const saved = await changeTeam(id, parsed.data);
      return { intent, ok: true, message: t("{name} saved.", { name: saved.name }) };
    }
    if (intent === "retire" || intent === "reactivate") {
      const saved = await changeTeam(id, { active: intent === "reactivate" });
      const message = saved.active
        ? t("{name} is back: new reports can be routed to it.", { name: saved.name })
        : t("{name} is retired: it keeps its reports and gets no new ones.", { name: saved.name });
      return { intent, ok: true, message };
    }
    if (intent === "add-member" || intent === "remove-member") {
      const staffId = text(form, "staffId");
      const saved = intent === "add-member" ? await addTeamMember(id, staffId) : await removeTeamMember(id, staffId);
      return { intent, ok: true, message: t("Members of {name} saved.", { name: saved.name }) };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(adminPagePaths.teams));
    return refusal(intent, errorMessageOf(error));
  }
}

export function TeamsRoute() {
  const t = useT();
  useDocumentTitle(t("Teams · Administration"));
  const { teams, accounts } = useLoaderData<typeof teamsLoader>();
  const result = useActionData<typeof teamsAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="teams-heading">
      <h2 id="teams-heading">{t("Teams")}</h2>
      <p className="hint">
        {t(
          "Crews, contractors and partner bodies. Each team's inbox is e-mailed every new report routed to it; its members and supervisor see its work.",
        )}
      </p>
      <FormFeedback result={result} testId="teams" />
      {teams.length === 0 ? (
        <p>{t("No teams yet.")}</p>
      ) : (
        <ul className="admin-list">
          {teams.map((team) => (
            <TeamItem key={team.id} team={team} accounts={accounts} busy={busy} />
          ))}
        </ul>
      )}
      <section className="card admin-new" aria-labelledby="new-team-heading">
        <h2 id="new-team-heading">{t("Add a team")}</h2>
        <Form method="post" className="admin-form">
          <TeamFields prefix="new-team" accounts={accounts} />
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            {t("Create team")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}
