import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { newAccountSchema, PASSWORD_LINK_HOURS, type AccountView } from "#shared/admin/admin-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { CopyLink } from "#web/lib/copy-link.tsx";
import { changeAccount, createAccount, getAccounts, newPasswordLink } from "../api/admin-api.ts";
import "#web/styles/tracking.css";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

export async function accountsLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getAccounts(request.signal));
}

/** A result that may carry a one-time link to show (once) to the administrator. */
type AccountsResult = ActionResult<string, { link: { email: string; url: string } } | undefined>;

export async function accountsAction({ request }: ActionFunctionArgs): Promise<AccountsResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "create") {
      const parsed = newAccountSchema.safeParse({ email: form.get("email") ?? "", role: form.get("role") ?? "staff" });
      // The shared schema's message is an English id; the server's answers come translated.
      if (!parsed.success) return refusal(intent, translateText(parsed.error.issues[0]?.message ?? ""));
      const made = await createAccount(parsed.data.email, parsed.data.role);
      const email = made.account.email;
      return {
        intent,
        ok: true,
        message: t("Account {email} created.", { email }),
        data: { link: { email, url: made.link } },
      };
    }
    if (intent === "link") {
      const made = await newPasswordLink(id);
      const email = made.account.email;
      return {
        intent,
        ok: true,
        message: t("New link for {email}; older links stop working.", { email }),
        data: { link: { email, url: made.link } },
      };
    }
    if (intent === "admin" || intent === "staff") {
      const saved = await changeAccount(id, { role: intent });
      const message =
        intent === "admin"
          ? t("{email} is now an administrator.", { email: saved.email })
          : t("{email} is now a member of staff.", { email: saved.email });
      return { intent, ok: true, message };
    }
    if (intent === "disable" || intent === "enable") {
      const saved = await changeAccount(id, { disabled: intent === "disable" });
      const message = saved.disabled
        ? t("{email} is disabled and signed out.", { email: saved.email })
        : t("{email} is enabled again.", { email: saved.email });
      return { intent, ok: true, message };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn("/staff/admin/accounts"));
    return refusal(intent, errorMessageOf(error));
  }
}

export function AccountsRoute() {
  const t = useT();
  useDocumentTitle(t("Staff accounts · Administration"));
  const { accounts } = useLoaderData<typeof accountsLoader>();
  const result = useActionData<typeof accountsAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{t("Staff accounts")}</h2>
      <FormFeedback result={result} testId="accounts" />
      {result?.ok && result.data?.link && (
        <div className="card admin-once" data-testid="password-link">
          <p>
            {t(
              "Give this link to {email} (it works once, for {hours, plural, one {# hour} other {# hours}}). It is not shown again.",
              {
                email: result.data.link.email,
                hours: PASSWORD_LINK_HOURS,
              },
            )}
          </p>
          <CopyLink url={result.data.link.url} label={t("Set-password link")} />
        </div>
      )}
      <ul className="admin-list">
        {accounts.map((account) => (
          <AccountItem key={account.id} account={account} busy={busy} />
        ))}
      </ul>
      <section className="card admin-new" aria-labelledby="new-account-heading">
        <h2 id="new-account-heading">{t("Add a staff account")}</h2>
        <Form method="post" className="admin-form">
          <div className="admin-form__fields">
            <Field id="new-account-email" label={t("Email")}>
              {(control) => (
                <input type="email" name="email" required maxLength={254} autoComplete="off" {...control} />
              )}
            </Field>
            <Field id="new-account-role" label={t("Role")}>
              {(control) => (
                <select name="role" defaultValue="staff" {...control}>
                  <option value="staff">{t("Staff")}</option>
                  <option value="admin">{t("Administrator")}</option>
                </select>
              )}
            </Field>
          </div>
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            {t("Create account and link")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function AccountItem({ account, busy }: { account: AccountView; busy: boolean }) {
  const t = useT();
  const { email } = account;
  const isAdmin = account.role === "admin";
  return (
    <li
      className={`admin-list__item card${account.disabled ? " admin-list__item--inactive" : ""}`}
      data-testid="account-item"
    >
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">
            <bdi>{account.email}</bdi>
          </h3>
          <p className="admin-list__meta">
            {isAdmin ? t("Administrator") : t("Staff")}
            {account.disabled && ` · ${t("Disabled")}`}
            {!account.password_set && ` · ${t("Password not set yet")}`}
          </p>
        </div>
        <Form method="post" className="admin-list__actions">
          <input type="hidden" name="id" value={account.id} />
          <BusySubmitButton
            busy={busy}
            name="intent"
            value={isAdmin ? "staff" : "admin"}
            className="button button--secondary button--small"
            aria-label={isAdmin ? t("Make staff: {email}", { email }) : t("Make administrator: {email}", { email })}
          >
            {isAdmin ? t("Make staff") : t("Make administrator")}
          </BusySubmitButton>
          {account.disabled && (
            <BusySubmitButton
              busy={busy}
              name="intent"
              value="enable"
              className="button button--secondary button--small"
              aria-label={t("Enable: {email}", { email })}
            >
              {t("Enable")}
            </BusySubmitButton>
          )}
          <BusySubmitButton
            busy={busy}
            name="intent"
            value="link"
            className="button button--secondary button--small"
            aria-label={t("New set-password link: {email}", { email })}
          >
            {t("New set-password link")}
          </BusySubmitButton>
        </Form>
        {/* Disabling ends the colleague's sessions at once: asked for twice, like revoking a key. */}
        {!account.disabled && (
          <details className="admin-confirm">
            <summary className="button button--secondary button--small" aria-label={t("Disable…: {email}", { email })}>
              {t("Disable…")}
            </summary>
            <Form method="post">
              <input type="hidden" name="id" value={account.id} />
              <p>{t("They are signed out at once and cannot sign in until enabled again.")}</p>
              <BusySubmitButton
                busy={busy}
                name="intent"
                value="disable"
                className="button button--danger button--small"
              >
                {t("Disable {email}", { email })}
              </BusySubmitButton>
            </Form>
          </details>
        )}
      </div>
    </li>
  );
}
