import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { ADMIN_MESSAGES, setPasswordSchema } from "#shared/admin/admin-schemas.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { getPasswordLink, setPassword } from "../api/admin-api.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

/** Which account the one-time link is for; a dead link is said so plainly (404 from the API). */
export async function setPasswordLoader({ params, request }: LoaderFunctionArgs) {
  try {
    return { email: (await getPasswordLink(params.token ?? "", request.signal)).email, problem: null };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { email: null, problem: error.message };
    throw error;
  }
}

export async function setPasswordAction({ params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  // The shared messages are English ids; the server's answers come already translated.
  if (password !== String(form.get("repeat") ?? "")) return { message: translateText(ADMIN_MESSAGES.passwordsDiffer) };
  const parsed = setPasswordSchema.safeParse({ password });
  if (!parsed.success)
    return { message: translateText(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.passwordTooShort) };
  try {
    await setPassword(params.token ?? "", parsed.data.password);
  } catch (error) {
    return { message: errorMessageOf(error) };
  }
  return redirect(`${paths.staffSignIn()}?password=set`);
}

export function SetPasswordRoute() {
  const t = useT();
  useDocumentTitle(t("Set your password"));
  const { email, problem } = useLoaderData<typeof setPasswordLoader>();
  const result = useActionData<typeof setPasswordAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page page--narrow staff-sign-in">
      <h1 id="set-password-heading">{t("Set your password")}</h1>
      <section className="card staff-form" aria-labelledby="set-password-heading">
        {email === null ? (
          <>
            <p role="alert">{problem}</p>
            <p>
              <Link to={paths.staffSignIn()}>{t("Staff sign-in")}</Link>
            </p>
          </>
        ) : (
          <Form method="post">
            <p>
              {withElements(t("For the staff account {email}.", { email: slot("email") }), {
                email: <strong data-testid="set-password-email">{email}</strong>,
              })}
            </p>
            <div className="field">
              <label htmlFor="new-password">{t("New password")}</label>
              <input
                type="password"
                id="new-password"
                name="password"
                required
                minLength={12}
                autoComplete="new-password"
                aria-describedby="new-password-hint"
              />
              <p className="field-hint" id="new-password-hint">
                {t("At least 12 characters.")}
              </p>
            </div>
            <div className="field">
              <label htmlFor="repeat-password">{t("Repeat the password")}</label>
              <input type="password" id="repeat-password" name="repeat" required autoComplete="new-password" />
            </div>
            <div role="alert" className={result ? "alert alert--error" : undefined}>
              {result?.message}
            </div>
            <BusySubmitButton busy={busy} className="button">
              {t("Set password")}
            </BusySubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}
