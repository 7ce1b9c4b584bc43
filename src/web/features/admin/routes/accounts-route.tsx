import { Form, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { newAccountSchema, PASSWORD_LINK_HOURS, type AccountView } from "../../../../shared/admin-schemas.ts";
import { errorMessageOf } from "../../../lib/api-client.ts";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { FormFeedback, type FeedbackResult } from "../../staff/components/form-feedback.tsx";
import { isSignedOut, withStaffSession } from "../../staff/session-guard.ts";
import { CopyLink } from "../../tracking/components/copy-link.tsx";
import { changeAccount, createAccount, getAccounts, newPasswordLink } from "../api/admin-api.ts";
import "../../../styles/tracking.css";
import { BusySubmitButton } from "../../../lib/busy-submit-button.tsx";

export async function accountsLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getAccounts(request.signal));
}

/** A result that may carry a one-time link to show (once) to the administrator. */
type AccountsResult = FeedbackResult & { link?: { email: string; url: string } };

export async function accountsAction({ request }: ActionFunctionArgs): Promise<AccountsResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "create") {
      const parsed = newAccountSchema.safeParse({ email: form.get("email") ?? "", role: form.get("role") ?? "staff" });
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
      const made = await createAccount(parsed.data.email, parsed.data.role);
      return { ok: true, message: `Account ${made.account.email} created.`, link: { email: made.account.email, url: made.link } };
    }
    if (intent === "link") {
      const made = await newPasswordLink(id);
      return { ok: true, message: `New link for ${made.account.email}; older links stop working.`, link: { email: made.account.email, url: made.link } };
    }
    if (intent === "admin" || intent === "staff") {
      const saved = await changeAccount(id, { role: intent });
      return { ok: true, message: `${saved.email} is now ${intent === "admin" ? "an administrator" : "a member of staff"}.` };
    }
    if (intent === "disable" || intent === "enable") {
      const saved = await changeAccount(id, { disabled: intent === "disable" });
      return { ok: true, message: saved.disabled ? `${saved.email} is disabled and signed out.` : `${saved.email} is enabled again.` };
    }
    return { ok: false, message: "This action is not known." };
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn("/staff/admin/accounts"));
    return { ok: false, message: errorMessageOf(error) };
  }
}

export function AccountsRoute() {
  useDocumentTitle("Staff accounts · Administration");
  const { accounts } = useLoaderData<typeof accountsLoader>();
  const result = useActionData<typeof accountsAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Staff accounts</h2>
      <FormFeedback result={result} testId="accounts" />
      {result?.ok && result.link && (
        <div className="card admin-once" data-testid="password-link">
          <p>
            Give this link to {result.link.email} (it works once, for {PASSWORD_LINK_HOURS} hours). It is not shown again.
          </p>
          <CopyLink url={result.link.url} label="Set-password link" />
        </div>
      )}
      <ul className="admin-list">
        {accounts.map((account) => (
          <AccountItem key={account.id} account={account} busy={busy} />
        ))}
      </ul>
      <section className="card admin-new" aria-labelledby="new-account-heading">
        <h2 id="new-account-heading">Add a staff account</h2>
        <Form method="post" className="admin-form">
          <div className="admin-form__fields">
            <div className="field">
              <label htmlFor="new-account-email">Email</label>
              <input type="email" id="new-account-email" name="email" required maxLength={254} autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="new-account-role">Role</label>
              <select id="new-account-role" name="role" defaultValue="staff">
                <option value="staff">Staff</option>
                <option value="admin">Administrator</option>
              </select>
            </div>
          </div>
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            Create account and link
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function AccountItem({ account, busy }: { account: AccountView; busy: boolean }) {
  const isAdmin = account.role === "admin";
  return (
    <li className={`admin-list__item card${account.disabled ? " admin-list__item--inactive" : ""}`} data-testid="account-item">
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">{account.email}</h3>
          <p className="admin-list__meta">
            {isAdmin ? "Administrator" : "Staff"}
            {account.disabled && " · Disabled"}
            {!account.password_set && " · Password not set yet"}
          </p>
        </div>
        <Form method="post" className="admin-list__actions">
          <input type="hidden" name="id" value={account.id} />
          <BusySubmitButton busy={busy} name="intent" value={isAdmin ? "staff" : "admin"} className="button button--secondary button--small" aria-label={`${isAdmin ? "Make staff" : "Make administrator"}: ${account.email}`}>
            {isAdmin ? "Make staff" : "Make administrator"}
          </BusySubmitButton>
          {account.disabled && (
            <BusySubmitButton busy={busy} name="intent" value="enable" className="button button--secondary button--small" aria-label={`Enable: ${account.email}`}>
              Enable
            </BusySubmitButton>
          )}
          <BusySubmitButton busy={busy} name="intent" value="link" className="button button--secondary button--small" aria-label={`New set-password link: ${account.email}`}>
            New set-password link
          </BusySubmitButton>
        </Form>
        {/* Disabling ends the colleague's sessions at once: asked for twice, like revoking a key. */}
        {!account.disabled && (
          <details className="admin-confirm">
            <summary className="button button--secondary button--small" aria-label={`Disable…: ${account.email}`}>
              Disable…
            </summary>
            <Form method="post">
              <input type="hidden" name="id" value={account.id} />
              <p>They are signed out at once and cannot sign in until enabled again.</p>
              <BusySubmitButton busy={busy} name="intent" value="disable" className="button button--danger button--small">
                Disable {account.email}
              </BusySubmitButton>
            </Form>
          </details>
        )}
      </div>
    </li>
  );
}
