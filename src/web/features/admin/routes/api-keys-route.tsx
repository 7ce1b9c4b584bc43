import { Form, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { newApiKeySchema, type ApiKeyView } from "../../../../shared/admin-schemas.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { errorMessageOf } from "../../../lib/api-client.ts";
import { paths } from "../../../lib/paths.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { FormFeedback, type FeedbackResult } from "../../staff/components/form-feedback.tsx";
import { isSignedOut, withStaffSession } from "../../staff/session-guard.ts";
import { CopyLink } from "../../tracking/components/copy-link.tsx";
import { createApiKey, getApiKeys, revokeApiKey } from "../api/admin-api.ts";
import "../../../styles/tracking.css";
import { BusySubmitButton } from "../../../lib/busy-submit-button.tsx";

export async function apiKeysLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getApiKeys(request.signal));
}

type ApiKeysResult = FeedbackResult & { key?: string };

export async function apiKeysAction({ request }: ActionFunctionArgs): Promise<ApiKeysResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "create") {
      const parsed = newApiKeySchema.safeParse({ name: form.get("name") ?? "" });
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
      const made = await createApiKey(parsed.data.name);
      return { ok: true, message: `Key "${made.apiKey.name}" created.`, key: made.key };
    }
    if (intent === "revoke") {
      const revoked = await revokeApiKey(String(form.get("id") ?? ""));
      return { ok: true, message: `Key "${revoked.name}" revoked: it no longer works.` };
    }
    return { ok: false, message: "This action is not known." };
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn("/staff/admin/api-keys"));
    return { ok: false, message: errorMessageOf(error) };
  }
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : "never");

export function ApiKeysRoute() {
  useDocumentTitle("API keys · Administration");
  const { keys } = useLoaderData<typeof apiKeysLoader>();
  const result = useActionData<typeof apiKeysAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p className="muted">Open311 clients (work-order systems, 311 apps) post reports with a key. See docs/integrators.md.</p>
      <FormFeedback result={result} testId="keys" />
      {result?.ok && result.key && (
        <div className="card admin-once" data-testid="new-api-key">
          <p>
            <strong>Copy the key now: it is not shown again.</strong> Only its first characters are kept to tell keys apart.
          </p>
          <CopyLink url={result.key} label="API key" />
        </div>
      )}
      <ul className="admin-list">
        {keys.map((key) => (
          <ApiKeyItem key={key.id} apiKey={key} busy={busy} />
        ))}
      </ul>
      <section className="card admin-new" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create an API key</h2>
        <Form method="post" className="admin-form">
          <div className="field">
            <label htmlFor="new-key-name">Name</label>
            <input type="text" id="new-key-name" name="name" required maxLength={100} placeholder="e.g. City work-order system" />
          </div>
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            Create key
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function ApiKeyItem({ apiKey, busy }: { apiKey: ApiKeyView; busy: boolean }) {
  return (
    <li className={`admin-list__item card${apiKey.revoked_at ? " admin-list__item--inactive" : ""}`} data-testid="api-key-item">
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">{apiKey.name}</h3>
          <p className="admin-list__meta">
            <code>{apiKey.prefix}…</code> · created {when(apiKey.created_at)}
            {apiKey.created_by && ` by ${apiKey.created_by}`} · last used {when(apiKey.last_used_at)}
            {apiKey.revoked_at && ` · revoked ${when(apiKey.revoked_at)}`}
          </p>
        </div>
        {!apiKey.revoked_at && (
          <details className="admin-confirm">
            <summary className="button button--secondary button--small">Revoke…</summary>
            <Form method="post">
              <input type="hidden" name="id" value={apiKey.id} />
              <p>Clients using this key will be refused at once.</p>
              <BusySubmitButton busy={busy} name="intent" value="revoke" className="button button--danger button--small">
                Revoke {apiKey.name}
              </BusySubmitButton>
            </Form>
          </details>
        )}
      </div>
    </li>
  );
}
