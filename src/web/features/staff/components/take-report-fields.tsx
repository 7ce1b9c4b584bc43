import { useState, type ReactNode } from "react";
import { DEFAULT_PRIORITY, FIELD_LIMITS, PRIORITIES } from "#shared/domain.ts";
import { priorityLabel } from "#shared/format.ts";
import { LOCALE_NAMES, LOCALES, type Locale } from "#shared/i18n/locales.ts";
import { TAKEN_CHANNELS } from "#shared/staff/call-and-duplicate-schemas.ts";
import { CategoryOptions } from "#web/lib/categories/category-options.tsx";
import { useCategories } from "#web/lib/categories/use-categories.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { CHANNEL_LABELS } from "./channel-label.ts";
import { useSmsOn } from "./sms-on.ts";
import { SMS_UPDATES_MESSAGES } from "#shared/grievances/grievance-schema.ts";

/**
 * The fields of "Take a report" (docs/decisions/033-duplicates-calls-and-templates.md): the public form's, named as
 * its API names them, plus how the report came and the caller's language. `errorOf` gives a field's message, already
 * in the page's language.
 */
export function TakeReportFields({
  errorOf,
  locale,
  photos,
}: {
  errorOf: (field: string) => string;
  locale: Locale;
  /** The photo picker (lib/images), whose files the page's submit adds to the form. */
  photos: ReactNode;
}) {
  const t = useT();
  const categories = useCategories();
  const field = (name: string) => ({ id: `take-${name}`, error: errorOf(name) });
  const smsOn = useSmsOn();
  const [hasPhone, setHasPhone] = useState(false);
  return (
    <div className="form-grid">
      <Field {...field("channel")} label={t("How the report reached you")} mark="required">
        {(control) => (
          <select name="channel" defaultValue="" required {...control}>
            <option value="">{t("Choose a channel")}</option>
            {TAKEN_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(CHANNEL_LABELS[channel])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...field("locale")} label={t("The caller's language")} hint={t("Their e-mails are written in it.")}>
        {(control) => (
          <select name="locale" defaultValue={locale} {...control}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...field("location")} label={t("Location")} mark="optional" full>
        {(control) => <input type="text" name="location" dir="auto" maxLength={FIELD_LIMITS.location} {...control} />}
      </Field>
      <Field {...field("latitude")} label={t("Latitude")} mark="optional">
        {(control) => <input type="text" name="latitude" inputMode="decimal" dir="ltr" {...control} />}
      </Field>
      <Field {...field("longitude")} label={t("Longitude")} mark="optional">
        {(control) => <input type="text" name="longitude" inputMode="decimal" dir="ltr" {...control} />}
      </Field>
      <Field {...field("category")} label={t("Category")} mark="required">
        {(control) => (
          <select name="category" defaultValue="" required {...control}>
            <option value="">{t("Select a category")}</option>
            <CategoryOptions categories={(categories.categories ?? []).filter((c) => c.active)} />
          </select>
        )}
      </Field>
      <Field {...field("priority")} label={t("Priority Level")}>
        {(control) => (
          <select name="priority" defaultValue={DEFAULT_PRIORITY} {...control}>
            {PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(priorityLabel(priority))}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...field("title")} label={t("Issue Title")} mark="required" full>
        {(control) => (
          <input
            type="text"
            name="title"
            dir="auto"
            required
            maxLength={FIELD_LIMITS.title}
            autoComplete="off"
            {...control}
          />
        )}
      </Field>
      <Field {...field("description")} label={t("Detailed Description")} mark="required" full>
        {(control) => (
          <textarea name="description" dir="auto" required rows={5} maxLength={FIELD_LIMITS.description} {...control} />
        )}
      </Field>
      <Field {...field("user_phone")} label={t("Phone Number")} mark="optional">
        {(control) => (
          <input
            type="tel"
            name="user_phone"
            maxLength={FIELD_LIMITS.phone}
            dir="ltr"
            onInput={(event) => setHasPhone(event.currentTarget.value.trim() !== "")}
            {...control}
          />
        )}
      </Field>
      {/* The caller's consent to updates by SMS (docs/product-decisions.md D18), as on the public form; sent only
          with a number. */}
      {smsOn && (
        <div className="field field--full">
          <label className="checkbox-field" htmlFor="take-sms_updates">
            <input type="checkbox" id="take-sms_updates" name="sms_updates" value="true" disabled={!hasPhone} />
            <span>{t(SMS_UPDATES_MESSAGES.label)}</span>
          </label>
          {!hasPhone && <p className="hint">{t("Give a phone number above to receive updates by SMS.")}</p>}
        </div>
      )}
      <Field {...field("user_email")} label={t("Email Address")} mark="optional">
        {(control) => <input type="email" name="user_email" maxLength={FIELD_LIMITS.email} dir="ltr" {...control} />}
      </Field>
      {photos}
    </div>
  );
}
