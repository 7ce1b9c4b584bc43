import { keywordsOfText, type SmsKeywords } from "#shared/categories/sms-keywords.ts";
import { LOCALES, LOCALE_NAMES, directionOf } from "#shared/i18n/locales.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/**
 * A category's keywords for reports by SMS, one box per language (migration 037,
 * docs/decisions/037-sms-conversations.md): a report by SMS using one of them gets the category. Each box carries its
 * language's `lang` and direction, so Arabic is typed right to left. Sent as `sms_keywords`.
 */
export function SmsKeywordFields({ idPrefix, keywords }: { idPrefix: string; keywords: SmsKeywords | undefined }) {
  const t = useT();
  return (
    <fieldset className="admin-form__languages">
      <legend>{t("Keywords of reports by SMS")}</legend>
      <p className="hint">
        {t(
          "A report sent by SMS that uses one of these words gets this category; the category whose words it uses most wins, and a report using none goes to Other. Separate the words with commas.",
        )}
      </p>
      <div className="admin-form__fields">
        {LOCALES.map((locale) => (
          <Field key={locale} id={`${idPrefix}-sms-keywords-${locale}`} label={LOCALE_NAMES[locale]}>
            {(control) => (
              <textarea
                name={`sms-keywords-${locale}`}
                rows={2}
                lang={locale}
                dir={directionOf(locale)}
                defaultValue={(keywords?.[locale] ?? []).join(locale === "ar" ? "، " : ", ")}
                {...control}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** The keywords a submitted category form holds, every language's (an empty box: none in that language). */
export const smsKeywordsOf = (form: FormData) => ({
  sms_keywords: Object.fromEntries(
    LOCALES.map((locale) => [locale, keywordsOfText(String(form.get(`sms-keywords-${locale}`) ?? ""))]),
  ),
});
