import type { ResponseTemplate } from "#shared/admin/response-template-schemas.ts";
import { TEMPLATE_TITLE_MAX_LENGTH } from "#shared/admin/response-template-schemas.ts";
import { STATUSES } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { LOCALE_NAMES, LOCALES } from "#shared/i18n/locales.ts";
import { NOTE_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** A response template's four fields, empty for a new one or filled with the one being edited. */
export function TemplateFields({ idPrefix, template }: { idPrefix: string; template?: ResponseTemplate }) {
  const t = useT();
  return (
    <div className="admin-form__fields">
      <Field id={`${idPrefix}-title`} label={t("Title")}>
        {(control) => (
          <input
            type="text"
            name="title"
            dir="auto"
            required
            maxLength={TEMPLATE_TITLE_MAX_LENGTH}
            defaultValue={template?.title}
            {...control}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-status`} label={t("Status")}>
        {(control) => (
          <select name="status" defaultValue={template?.status ?? "resolved"} {...control}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusLabel(status))}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-language`} label={t("Language")}>
        {(control) => (
          <select name="language" defaultValue={template?.language ?? "en"} {...control}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${idPrefix}-text`}
        label={t("Text")}
        hint={t("Shown to everyone as the public note, once staff pick it and save.")}
        full
      >
        {(control) => (
          <textarea
            name="text"
            dir="auto"
            rows={4}
            required
            maxLength={NOTE_MAX_LENGTH}
            defaultValue={template?.text}
            {...control}
          />
        )}
      </Field>
    </div>
  );
}
