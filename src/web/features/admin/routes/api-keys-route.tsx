import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { newApiKeySchema, type ApiKeyView } from "#shared/admin/admin-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { CopyLink } from "#web/lib/copy-link.tsx";
import { createApiKey, getApiKeys, revokeApiKey } from "../api/admin-api.ts";
import "#web/styles/tracking.css";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

export async function apiKeysLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getApiKeys(request.signal));
}

/** A result that may carry a new key to show (once) to the administrator. */
type ApiKeysResult = ActionResult<string, { key: string } | undefined>;

export async function apiKeysAction({ request }: ActionFunctionArgs): Promise<ApiKeysResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "create") {
      const parsed = newApiKeySchema.safeParse({ name: form.get("name") ?? "" });
      // The shared schema's message is an English id; the server's answers come translated.
      if (!parsed.success) return refusal(intent, translateText(parsed.error.issues[0]?.message ?? ""));
      const made = await createApiKey(parsed.data.name);
      return {
        intent,
        ok: true,
        message: t('Key "{name}" created.', { name: made.apiKey.name }),
        data: { key: made.key },
      };
    }
    if (intent === "revoke") {
      const revoked = await revokeApiKey(String(form.get("id") ?? ""));
      return { intent, ok: true, message: t('Key "{name}" revoked: it no longer works.', { name: revoked.name }) };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn("/staff/admin/api-keys"));
    return refusal(intent, errorMessageOf(error));
  }
}

export function ApiKeysRoute() {
  const t = useT();
  useDocumentTitle(t("API keys · Administration"));
  const { keys } = useLoaderData<typeof apiKeysLoader>();
  const result = useActionData<typeof apiKeysAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">{t("API keys")}</h2>
      <p className="muted">
        {t("Open311 clients (work-order systems, 311 apps) post reports with a key. See docs/integrators.md.")}
      </p>
      <FormFeedback result={result} testId="keys" />
      {result?.ok && result.data?.key && (
        <div className="card admin-once" data-testid="new-api-key">
          <p>
            <strong>{t("Copy the key now: it is not shown again.")}</strong>{" "}
            {t("Only its first characters are kept to tell keys apart.")}
          </p>
          <CopyLink url={result.data.key} label={t("API key")} />
        </div>
      )}
      <ul className="admin-list">
        {keys.map((key) => (
          <ApiKeyItem key={key.id} apiKey={key} busy={busy} />
        ))}
      </ul>
      <section className="card admin-new" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">{t("Create an API key")}</h2>
        <Form method="post" className="admin-form">
          <Field id="new-key-name" label={t("Name")}>
            {(control) => (
              <input
                type="text"
                name="name"
                required
                maxLength={100}
                placeholder={t("e.g. City work-order system")}
                {...control}
              />
            )}
          </Field>
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            {t("Create key")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function ApiKeyItem({ apiKey, busy }: { apiKey: ApiKeyView; busy: boolean }) {
  const t = useT();
  const { name } = apiKey;
  return (
    <li
      className={`admin-list__item card${apiKey.revoked_at ? " admin-list__item--inactive" : ""}`}
      data-testid="api-key-item"
    >
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name" dir="auto">
            {apiKey.name}
          </h3>
          <p className="admin-list__meta">
            <code>{apiKey.prefix}…</code>
            {" · "}
            {apiKey.created_by
              ? t("created {date} by {email}", { date: formatDateTime(apiKey.created_at), email: apiKey.created_by })
              : t("created {date}", { date: formatDateTime(apiKey.created_at) })}
            {" · "}
            {apiKey.last_used_at
              ? t("last used {date}", { date: formatDateTime(apiKey.last_used_at) })
              : t("last used never")}
            {apiKey.revoked_at && ` · ${t("revoked {date}", { date: formatDateTime(apiKey.revoked_at) })}`}
          </p>
        </div>
        {!apiKey.revoked_at && (
          <details className="admin-confirm">
            <summary className="button button--secondary button--small">{t("Revoke…")}</summary>
            <Form method="post">
              <input type="hidden" name="id" value={apiKey.id} />
              <p>{t("Clients using this key will be refused at once.")}</p>
              <BusySubmitButton
                busy={busy}
                name="intent"
                value="revoke"
                className="button button--danger button--small"
              >
                {t("Revoke {name}", { name })}
              </BusySubmitButton>
            </Form>
          </details>
        )}
      </div>
    </li>
  );
}
