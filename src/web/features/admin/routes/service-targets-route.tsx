import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { PRIORITIES, type Priority } from "#shared/domain.ts";
import { priorityLabel } from "#shared/format.ts";
import { serviceTargetInputSchema, type ServiceTarget } from "#shared/targets/target-schemas.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { formatDuration } from "#web/lib/format-duration.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getAdminCategories } from "../api/admin-api.ts";
import { getServiceTargets, setServiceTarget } from "../api/service-targets-api.ts";
import { adminPagePaths } from "./admin-page-paths.ts";

/**
 * Service targets (docs/decisions/030-service-targets-and-escalation.md): each category × priority's time to
 * acknowledge and to resolve, the settings' defaults where none is set, and a form to set one.
 */
export async function serviceTargetsLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, async () => {
    const [targets, { categories }] = await Promise.all([
      getServiceTargets(request.signal),
      getAdminCategories(request.signal),
    ]);
    return { ...targets, categories };
  });
}

export async function serviceTargetsAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const form = await request.formData();
  const intent = "set";
  const parsed = serviceTargetInputSchema.safeParse({
    serviceCode: String(form.get("serviceCode") ?? ""),
    priority: String(form.get("priority") ?? ""),
    acknowledgeMinutes: Number(form.get("acknowledgeMinutes") || Number.NaN),
    resolveMinutes: Number(form.get("resolveMinutes") || Number.NaN),
  });
  // The shared schema's message is an English id; the server's answers come translated.
  if (!parsed.success) return refusal(intent, translateText(parsed.error.issues[0]?.message ?? ""));
  try {
    await setServiceTarget(parsed.data);
    return { intent, ok: true, message: t("Service target saved. It applies to reports created from now on.") };
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(adminPagePaths.serviceTargets));
    return refusal(intent, errorMessageOf(error));
  }
}

export function ServiceTargetsRoute() {
  const t = useT();
  useDocumentTitle(t("Service targets · Administration"));
  const { targets, categories } = useLoaderData<typeof serviceTargetsLoader>();
  const result = useActionData<typeof serviceTargetsAction>();
  const busy = useNavigation().state !== "idle";
  const byCell = new Map(targets.map((target) => [`${target.serviceCode}/${target.priority}`, target]));
  return (
    <section aria-labelledby="targets-heading">
      <h2 id="targets-heading">{t("Service targets")}</h2>
      <p className="muted">
        {t(
          "Time to acknowledge a report (its first status change or public note) and to resolve it, by category and priority. Each new report gets its due times from these; a missed one is flagged overdue and escalated once to the team's supervisor and inbox.",
        )}
      </p>
      <FormFeedback result={result} testId="targets" />
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too, and named for screen readers. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("Service targets, scrolls sideways")}>
        <table className="admin-table" data-testid="service-targets">
          <caption className="visually-hidden">{t("Service targets by category and priority")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Category")}</th>
              {PRIORITIES.map((priority) => (
                <th scope="col" key={priority}>
                  {t(priorityLabel(priority))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.service_code}>
                <th scope="row">{category.name}</th>
                {PRIORITIES.map((priority) => (
                  <TargetCell key={priority} target={byCell.get(`${category.service_code}/${priority}`)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="card admin-new" aria-labelledby="set-target-heading">
        <h2 id="set-target-heading">{t("Set a service target")}</h2>
        <Form method="post" className="admin-form">
          <Field id="target-category" label={t("Category")}>
            {(control) => (
              <select name="serviceCode" required {...control}>
                {categories.map((category) => (
                  <option key={category.service_code} value={category.service_code}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="target-priority" label={t("Priority")}>
            {(control) => (
              <select name="priority" required defaultValue={"medium" satisfies Priority} {...control}>
                {PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {t(priorityLabel(priority))}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="target-acknowledge" label={t("Minutes to acknowledge")}>
            {(control) => <input type="text" inputMode="numeric" name="acknowledgeMinutes" required {...control} />}
          </Field>
          <Field id="target-resolve" label={t("Minutes to resolve")}>
            {(control) => <input type="text" inputMode="numeric" name="resolveMinutes" required {...control} />}
          </Field>
          <BusySubmitButton busy={busy} className="button">
            {t("Save target")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function TargetCell({ target }: { target: ServiceTarget | undefined }) {
  const t = useT();
  if (!target) return <td>–</td>;
  return (
    <td data-testid="target-cell">
      {t("acknowledge in {duration}", { duration: formatDuration(target.acknowledgeMinutes * 60) })}
      <br />
      {t("resolve in {duration}", { duration: formatDuration(target.resolveMinutes * 60) })}
      {!target.custom && (
        <>
          <br />
          <span className="muted">{t("(default)")}</span>
        </>
      )}
    </td>
  );
}
