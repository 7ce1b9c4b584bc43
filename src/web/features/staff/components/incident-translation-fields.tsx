import { useState } from "react";
import { TRANSLATED_LOCALES, type TranslatedLocale } from "#shared/i18n/translated-locales.ts";
import { LOCALE_NAMES, directionOf } from "#shared/i18n/locales.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** One text staff may write in other languages: its form name, its label (a message id), its size. */
export interface TranslatedField {
  name: string;
  label: string;
  maxLength: number;
  rows?: number;
}

/**
 * "In other languages (optional)": staff's own versions of an incident's texts (migration 026,
 * docs/decisions/019-languages.md), folded away so that the form stays short when nobody writes them. Each
 * language's inputs carry its `lang` and direction, so Arabic is typed right to left. Named `<field>-<locale>`.
 */
export function TranslationFields({ idPrefix, fields }: { idPrefix: string; fields: TranslatedField[] }) {
  const t = useT();
  // The inputs exist once the section is first opened, and stay (closing it keeps what was typed): until then the
  // form holds only its original fields, each the one field of its name.
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="translation-fields"
      data-testid="translation-fields"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{t("In other languages (optional)")}</summary>
      <p className="hint">
        {t("People reading the portal in a language you fill in here see your version; everyone else the original.")}
      </p>
      {opened &&
        TRANSLATED_LOCALES.map((locale) => (
          <fieldset key={locale} className="translation-fields__language">
            <legend>{LOCALE_NAMES[locale]}</legend>
            {fields.map((field) => (
              <Field
                key={field.name}
                id={`${idPrefix}-${field.name}-${locale}`}
                label={t("{field} in {language}", { field: t(field.label), language: LOCALE_NAMES[locale] })}
              >
                {(control) =>
                  field.rows ? (
                    <textarea
                      name={`${field.name}-${locale}`}
                      rows={field.rows}
                      maxLength={field.maxLength}
                      {...typed(locale)}
                      {...control}
                    />
                  ) : (
                    <input
                      type="text"
                      name={`${field.name}-${locale}`}
                      maxLength={field.maxLength}
                      {...typed(locale)}
                      {...control}
                    />
                  )
                }
              </Field>
            ))}
          </fieldset>
        ))}
    </details>
  );
}

/** An input for one language's text: typed in that language, in its direction (Arabic right to left). */
const typed = (locale: TranslatedLocale) => ({ lang: locale, dir: directionOf(locale) });

/** The versions a submitted form holds, per language: {ar: {title, message}, …} (empty ones the schema drops). */
export function versionsOfForm(form: FormData, names: string[]): Record<string, Record<string, string>> {
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [
      locale,
      Object.fromEntries(names.map((name) => [name, String(form.get(`${name}-${locale}`) ?? "")])),
    ]),
  );
}

/** One field's versions: {ar: "…", es: "…"} (empty ones the schema drops). */
export function textVersionsOfForm(form: FormData, name: string): Record<string, string> {
  return Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, String(form.get(`${name}-${locale}`) ?? "")]));
}
