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
import { errorMessageOf } from "#web/lib/api-client.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { signIn } from "../api/staff-api.ts";
import { getSession, safeNextPath } from "#web/lib/session-guard.ts";
import "#web/styles/staff.css";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

interface SignInProblem {
  message: string;
  /** Which fields the message is about (aria-invalid); empty for the server's answers, which name none. */
  fields: Array<"email" | "password">;
}

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
    return { message: translateText(parsed.error.issues[0]?.message ?? ""), fields };
  }
  try {
    await signIn(parsed.data.email, parsed.data.password);
  } catch (error) {
    // 401 gives the one generic message, 429 the throttling message: both are shown as the server words them.
    return { message: errorMessageOf(error), fields: [] };
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
  const invalid = (field: "email" | "password") => (problem?.fields.includes(field) ? true : undefined);

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
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("Email")}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            aria-invalid={invalid("email")}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t("Password")}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={invalid("password")}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={busy} className="button button--large">
            {busy ? t("Signing in...") : t("Sign in")}
          </BusySubmitButton>
        </div>
      </Form>
    </div>
  );
}
