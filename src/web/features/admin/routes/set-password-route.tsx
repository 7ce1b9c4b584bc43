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
import { refusal, type ActionRefused } from "#web/lib/action-result.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";

/** Which account the one-time link is for; a dead link is said so plainly (404 from the API). */
export async function setPasswordLoader({ params, request }: LoaderFunctionArgs) {
  try {
    return { email: (await getPasswordLink(params.token ?? "", request.signal)).email, problem: null };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { email: null, problem: error.message };
    throw error;
  }
}

const SET_PASSWORD = "set-password";

/** A set password goes on to the sign-in page; only a refusal comes back to the form. */
export async function setPasswordAction({
  params,
  request,
}: ActionFunctionArgs): Promise<ActionRefused<typeof SET_PASSWORD> | Response> {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  // The shared messages are English ids; the server's answers come already translated.
  if (password !== String(form.get("repeat") ?? "")) {
    return refusal(SET_PASSWORD, translateText(ADMIN_MESSAGES.passwordsDiffer));
  }
  const parsed = setPasswordSchema.safeParse({ password });
  if (!parsed.success) {
    return refusal(SET_PASSWORD, translateText(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.passwordTooShort));
  }
  try {
    await setPassword(params.token ?? "", parsed.data.password);
  } catch (error) {
    return refusal(SET_PASSWORD, errorMessageOf(error));
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
            <Field id="new-password" label={t("New password")} hint={t("At least 12 characters.")}>
              {(control) => (
                <input
                  type="password"
                  name="password"
                  required
                  minLength={12}
                  autoComplete="new-password"
                  {...control}
                />
              )}
            </Field>
            <Field id="repeat-password" label={t("Repeat the password")}>
              {(control) => <input type="password" name="repeat" required autoComplete="new-password" {...control} />}
            </Field>
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
