import { useId } from "react";
import {
  Form,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { signInSchema } from "#shared/staff/staff-schemas.ts";
import { fieldErrorOf, refusal, type ActionRefused } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { Field } from "#web/lib/form-field.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { signIn } from "../api/staff-api.ts";
import { getSession, safeNextPath } from "#web/lib/session-guard.ts";
import "#web/styles/staff.css";
import "#web/styles/staff-queue.css";
import "#web/styles/staff-work-list.css";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

const SIGN_IN = "sign-in";
type SignInField = "email" | "password";

/**
 * Why the sign-in failed: one message, said in the form's alert; fieldErrors names the fields it is about
 * (aria-invalid), none for the server's answers.
 */
type SignInProblem = ActionRefused<typeof SIGN_IN, SignInField>;

/** Someone already signed in has nothing to do here. */
export async function signInLoader({ request }: LoaderFunctionArgs) {
  const next = new URL(request.url).searchParams.get("next");
  const signedIn = await getSession(request.signal).then(
    () => true,
    () => false,
  );
  if (signedIn) throw redirect(safeNextPath(next));
  return null;
}

export async function signInAction({ request }: ActionFunctionArgs): Promise<SignInProblem | Response> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const parsed = signInSchema.safeParse({ email, password });
  if (!parsed.success) {
    const fields = (["email", "password"] as const).filter((key) => (key === "email" ? email.trim() : password) === "");
    // The shared schema's message is an English id (the server's own answers come translated).
    const message = translateText(parsed.error.issues[0]?.message ?? "");
    return refusal<typeof SIGN_IN, SignInField>(
      SIGN_IN,
      message,
      fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, message])) : undefined,
    );
  }
  try {
    await signIn(parsed.data.email, parsed.data.password);
  } catch (error) {
    // 401 gives the one generic message, 429 the throttling message: both are shown as the server words them.
    return refusal(SIGN_IN, errorMessageOf(error));
  }
  return redirect(safeNextPath(String(form.get("next") ?? "")));
}

export function SignInRoute() {
  const t = useT();
  useDocumentTitle(t("Staff sign-in"));
  const problem = useActionData<typeof signInAction>() as SignInProblem | undefined;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const id = useId();
  const busy = navigation.state === "submitting";

  return (
    <div className="page page--narrow staff-sign-in">
      <h1 id={`${id}-heading`}>{t("Staff sign-in")}</h1>
      <p className="page__lead">{t("For the utility's staff who handle reports. Visitors do not need an account.")}</p>
      <Form method="post" className="card staff-form" noValidate aria-labelledby={`${id}-heading`}>
        {searchParams.get("password") === "set" && !problem && (
          <div className="alert alert--success" role="status">
            {t("Your password is set. Please sign in with it.")}
          </div>
        )}
        {problem && (
          <div className="alert alert--error" role="alert" id={`${id}-error`} data-testid="sign-in-error">
            {problem.message}
          </div>
        )}
        <input type="hidden" name="next" value={searchParams.get("next") ?? ""} />
        {/* The one message is the alert above, which both fields point at; a field it is about is marked invalid. */}
        <Field
          id={`${id}-email`}
          label={t("Email")}
          error={fieldErrorOf(problem, "email")}
          errorId={`${id}-error`}
          errorShownElsewhere
          describedBy={[problem && `${id}-error`]}
        >
          {(control) => <input name="email" type="email" autoComplete="username" required {...control} />}
        </Field>
        <Field
          id={`${id}-password`}
          label={t("Password")}
          error={fieldErrorOf(problem, "password")}
          errorId={`${id}-error`}
          errorShownElsewhere
          describedBy={[problem && `${id}-error`]}
        >
          {(control) => <input name="password" type="password" autoComplete="current-password" required {...control} />}
        </Field>
        <div className="form-actions">
          <BusySubmitButton busy={busy} className="button button--large">
            {busy ? t("Signing in...") : t("Sign in")}
          </BusySubmitButton>
        </div>
      </Form>
    </div>
  );
}
