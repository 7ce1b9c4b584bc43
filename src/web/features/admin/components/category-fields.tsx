import { CATEGORY_ICONS, CATEGORY_ICON_KEYS, type CategoryIcon as IconKey } from "#shared/categories/category-icons.ts";
import {
  CATEGORY_LIMITS,
  type AdminCategoryView,
  type CategoryTranslations,
  type CategoryView,
} from "#shared/categories/category-schemas.ts";
import { TRANSLATED_LOCALES } from "#shared/i18n/translated-locales.ts";
import { LOCALE_NAMES, directionOf } from "#shared/i18n/locales.ts";
import { CategoryIcon } from "#web/lib/categories/category-icon.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { SmsKeywordFields } from "./sms-keyword-fields.tsx";

/**
 * A category's fields on the administrators' page: the English name, group and description (what Open311 answers),
 * its icon, and its name and description in each other language (migration 021, docs/decisions/019-languages.md).
 * Each language's inputs carry that language's `lang` and direction, so Arabic is typed right to left.
 */
export function CategoryFields({ category, idPrefix }: { category?: AdminCategoryView; idPrefix: string }) {
  const t = useT();
  return (
    <>
      <div className="admin-form__fields">
        <Field id={`${idPrefix}-name`} label={t("Name (English)")}>
          {(control) => (
            <input
              type="text"
              name="name"
              required
              lang="en"
              maxLength={CATEGORY_LIMITS.name}
              defaultValue={category?.name}
              {...control}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-group`} label={t("Group (optional)")}>
          {(control) => (
            <input
              type="text"
              name="group"
              dir="auto"
              maxLength={CATEGORY_LIMITS.group}
              defaultValue={category?.group ?? ""}
              {...control}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-description`} label={t("Description in English (optional)")} full>
          {(control) => (
            <textarea
              name="description"
              rows={2}
              lang="en"
              maxLength={CATEGORY_LIMITS.description}
              defaultValue={category?.description}
              {...control}
            />
          )}
        </Field>
      </div>
      <IconChoice idPrefix={idPrefix} chosen={category?.icon ?? "other"} />
      <WaterPointFlags idPrefix={idPrefix} category={category} />
      <SmsKeywordFields idPrefix={idPrefix} keywords={category?.sms_keywords} />
      <fieldset className="admin-form__languages">
        <legend>{t("In the other languages")}</legend>
        <p className="hint">{t("A language left empty shows the English name and description.")}</p>
        {TRANSLATED_LOCALES.map((locale) => {
          const translation = category?.translations[locale];
          const common = { lang: locale, dir: directionOf(locale) } as const;
          return (
            <div key={locale} className="admin-form__fields admin-form__language">
              <Field
                id={`${idPrefix}-name-${locale}`}
                label={t("Name in {language}", { language: LOCALE_NAMES[locale] })}
              >
                {(control) => (
                  <input
                    type="text"
                    name={`name-${locale}`}
                    maxLength={CATEGORY_LIMITS.name}
                    defaultValue={translation?.name ?? ""}
                    {...common}
                    {...control}
                  />
                )}
              </Field>
              <Field
                id={`${idPrefix}-description-${locale}`}
                label={t("Description in {language}", { language: LOCALE_NAMES[locale] })}
              >
                {(control) => (
                  <input
                    type="text"
                    name={`description-${locale}`}
                    maxLength={CATEGORY_LIMITS.description}
                    defaultValue={translation?.description ?? ""}
                    {...common}
                    {...control}
                  />
                )}
              </Field>
            </div>
          );
        })}
      </fieldset>
    </>
  );
}

/**
 * Whether the form offers water points for the category, and whether an open report of it means the point is not
 * working (migration 036, docs/decisions/039-water-point-status.md). Sent as `waterPoints` and `meansNotWorking`.
 */
function WaterPointFlags({ idPrefix, category }: { idPrefix: string; category?: CategoryView }) {
  const t = useT();
  return (
    <fieldset className="admin-form__flags">
      <legend>{t("Water points for this category")}</legend>
      <div className="checkbox-field">
        <input
          type="checkbox"
          id={`${idPrefix}-water-points`}
          name="waterPoints"
          defaultChecked={category?.waterPoints ?? false}
          aria-describedby={`${idPrefix}-water-points-hint`}
        />
        <label htmlFor={`${idPrefix}-water-points`}>{t("Offer water points on the form")}</label>
      </div>
      <p className="hint" id={`${idPrefix}-water-points-hint`}>
        {t("Residents can choose a water point near their pin, or type the code painted on it.")}
      </p>
      <div className="checkbox-field">
        <input
          type="checkbox"
          id={`${idPrefix}-means-not-working`}
          name="meansNotWorking"
          defaultChecked={category?.meansNotWorking ?? false}
          aria-describedby={`${idPrefix}-means-not-working-hint`}
        />
        <label htmlFor={`${idPrefix}-means-not-working`}>{t("An open report means the point is not working")}</label>
      </div>
      <p className="hint" id={`${idPrefix}-means-not-working-hint`}>
        {t("While such a report is open, the point's page and the map show the point as not working.")}
      </p>
    </fieldset>
  );
}

/** The water point flags a submitted category form holds: a ticked box is sent, an unticked one is not. */
export const waterPointFlagsOf = (form: FormData) => ({
  waterPoints: form.get("waterPoints") === "on",
  meansNotWorking: form.get("meansNotWorking") === "on",
});

/** The icon, one radio button per drawing, each named for assistive technology. */
function IconChoice({ idPrefix, chosen }: { idPrefix: string; chosen: IconKey }) {
  const t = useT();
  return (
    <fieldset className="admin-form__icons">
      <legend>{t("Icon")}</legend>
      <div className="icon-choice">
        {CATEGORY_ICON_KEYS.map((icon) => (
          <label key={icon} className="icon-choice__option" htmlFor={`${idPrefix}-icon-${icon}`}>
            <input
              type="radio"
              id={`${idPrefix}-icon-${icon}`}
              name="icon"
              value={icon}
              defaultChecked={icon === chosen}
            />
            <CategoryIcon icon={icon} />
            <span>{t(CATEGORY_ICONS[icon])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The translations a submitted category form holds, as the shared schema reads them. */
export function translationsOf(form: FormData): CategoryTranslations {
  const text = (name: string) => String(form.get(name) ?? "");
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [
      locale,
      { name: text(`name-${locale}`), description: text(`description-${locale}`) },
    ]),
  );
}
