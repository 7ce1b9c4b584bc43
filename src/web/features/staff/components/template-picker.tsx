import { useEffect, useId, useState } from "react";
import { useParams } from "react-router";
import type { ResponseTemplate } from "#shared/admin/response-template-schemas.ts";
import type { Status } from "#shared/domain.ts";
import { LOCALE_NAMES, type Locale } from "#shared/i18n/locales.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { getOfferedTemplates } from "../api/work-api.ts";

/**
 * The response templates for the status chosen in "Change status" (docs/decisions/033-duplicates-calls-and-
 * templates.md): picking one puts its text into the public note, to be edited before saving. Those in the reporter's
 * language come first. Nothing is shown while no status is chosen or none has a template; a failed read only
 * leaves the picker out, the note is still typed by hand.
 */
export function TemplatePicker({ status, onPick }: { status: Status | ""; onPick: (text: string) => void }) {
  const t = useT();
  const id = useId();
  const grievanceId = useParams().id ?? "";
  const [offered, setOffered] = useState<{ templates: ResponseTemplate[]; language: Locale | null }>();

  useEffect(() => {
    const abort = new AbortController();
    getOfferedTemplates(grievanceId, abort.signal).then(setOffered, () => undefined);
    return () => abort.abort();
  }, [grievanceId]);

  const templates = offered?.templates.filter((template) => template.status === status) ?? [];
  if (!status || templates.length === 0) return null;
  const languages = [...new Set(templates.map((template) => template.language))];
  return (
    <Field
      id={`${id}-template`}
      label={t("Response template")}
      mark="optional"
      hint={t("Its text replaces the public note, which you can then edit.")}
    >
      {(control) => (
        <select
          key={status}
          defaultValue=""
          data-testid="template-picker"
          onChange={(event) => {
            const picked = templates.find((template) => template.id === event.target.value);
            if (picked) onPick(picked.text);
          }}
          {...control}
        >
          <option value="">{t("Choose a template")}</option>
          {languages.map((language) => (
            <optgroup
              key={language}
              label={
                language === offered?.language
                  ? t("{language} (the reporter's language)", { language: LOCALE_NAMES[language] })
                  : LOCALE_NAMES[language]
              }
            >
              {templates
                .filter((template) => template.language === language)
                .map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.title}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
