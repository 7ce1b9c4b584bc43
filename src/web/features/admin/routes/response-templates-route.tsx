import { useEffect, useRef } from "react";
import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import {
  newResponseTemplateSchema,
  responseTemplateChangeSchema,
  type ResponseTemplate,
} from "#shared/admin/response-template-schemas.ts";
import { statusLabel } from "#shared/format.ts";
import { LOCALE_NAMES } from "#shared/i18n/locales.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { changeTemplate, createTemplate, getAllTemplates } from "../api/response-templates-api.ts";
import { TemplateFields } from "../components/template-fields.tsx";

/**
 * Response templates (docs/decisions/033-duplicates-calls-and-templates.md): public notes per status and language,
 * offered to staff when they change a status. Created, edited, retired and restored here; each in the audit log.
 */

export async function responseTemplatesLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getAllTemplates(request.signal));
}

export async function responseTemplatesAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const fields = {
    title: String(form.get("title") ?? ""),
    status: String(form.get("status") ?? ""),
    language: String(form.get("language") ?? ""),
    text: String(form.get("text") ?? ""),
  };
  try {
    if (intent === "create" || intent === "edit") {
      const schema = intent === "create" ? newResponseTemplateSchema : responseTemplateChangeSchema;
      const parsed = schema.safeParse(fields);
      if (!parsed.success) return refusal(intent, translateText(parsed.error.issues[0]?.message ?? ""));
      const saved = intent === "create" ? await createTemplate(fields as never) : await changeTemplate(id, parsed.data);
      return { intent, ok: true, message: t('Template "{title}" saved.', { title: saved.title }) };
    }
    if (intent === "retire" || intent === "restore") {
      const saved = await changeTemplate(id, { active: intent === "restore" });
      return {
        intent,
        ok: true,
        message:
          intent === "retire"
            ? t('Template "{title}" retired: it is no longer offered.', { title: saved.title })
            : t('Template "{title}" is offered again.', { title: saved.title }),
      };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffAdminResponseTemplates()));
    return refusal(intent, errorMessageOf(error));
  }
}

export function ResponseTemplatesRoute() {
  const t = useT();
  useDocumentTitle(t("Response templates · Administration"));
  const { templates } = useLoaderData<typeof responseTemplatesLoader>();
  const result = useActionData<typeof responseTemplatesAction>();
  const busy = useNavigation().state !== "idle";
  // A template created: the form is empty again for the next one.
  const newForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok && result.intent === "create") newForm.current?.reset();
  }, [result]);
  return (
    <section aria-labelledby="templates-heading">
      <h2 id="templates-heading">{t("Response templates")}</h2>
      <p className="muted">
        {t(
          "Public notes staff can start from when they change a report's status: those in the reporter's language are offered first.",
        )}
      </p>
      <FormFeedback result={result} testId="templates" />
      {templates.length === 0 && <p className="muted">{t("No templates yet.")}</p>}
      <ul className="admin-list">
        {templates.map((template) => (
          <TemplateItem key={template.id} template={template} busy={busy} />
        ))}
      </ul>
      <section className="card admin-new" aria-labelledby="new-template-heading">
        <h2 id="new-template-heading">{t("Create a template")}</h2>
        <Form method="post" className="admin-form" ref={newForm}>
          <TemplateFields idPrefix="new-template" />
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            {t("Create template")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

function TemplateItem({ template, busy }: { template: ResponseTemplate; busy: boolean }) {
  const t = useT();
  return (
    <li
      className={`admin-list__item card${template.active ? "" : " admin-list__item--inactive"}`}
      data-testid="template-item"
    >
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name" dir="auto">
            {template.title}
          </h3>
          <p className="admin-list__meta">
            {t(statusLabel(template.status))} · <span lang={template.language}>{LOCALE_NAMES[template.language]}</span>
            {!template.active && ` · ${t("Retired")}`}
          </p>
          <p className="admin-list__description" dir="auto" lang={template.language}>
            {template.text}
          </p>
        </div>
        <Form method="post" className="admin-list__actions">
          <input type="hidden" name="id" value={template.id} />
          <BusySubmitButton
            busy={busy}
            name="intent"
            value={template.active ? "retire" : "restore"}
            className="button button--secondary button--small"
          >
            {template.active ? t("Retire") : t("Offer again")}
          </BusySubmitButton>
        </Form>
      </div>
      <details className="admin-list__edit">
        <summary>{t("Edit…")}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="id" value={template.id} />
          <TemplateFields idPrefix={`template-${template.id}`} template={template} />
          <BusySubmitButton busy={busy} name="intent" value="edit" className="button button--small">
            {t("Save changes")}
          </BusySubmitButton>
        </Form>
      </details>
    </li>
  );
}
