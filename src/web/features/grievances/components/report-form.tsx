import type { ChangeEvent, ReactNode } from "react";
import type { LatLng } from "#shared/places/geo.ts";
import { FIELD_LIMITS, PRIORITIES } from "#shared/domain.ts";
import type { GrievanceField } from "#shared/grievances/grievance-schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { priorityLabel } from "#shared/format.ts";
import { Link } from "react-router";
import { Field, FieldError } from "#web/lib/form-field.tsx";
import { routePatterns } from "#web/lib/paths.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { CategoryOptions } from "#web/lib/categories/category-options.tsx";
import { CategoryNote } from "./category-note.tsx";
import { useCategories } from "#web/lib/categories/use-categories.ts";
import { SAVED_OFFLINE_MESSAGE } from "../api/offline-flag.ts";
import { ErrorSummary } from "./error-summary.tsx";
import { ImagePicker } from "#web/lib/images/image-picker.tsx";
import { LocationPin } from "./location-pin.tsx";
import { inlineMessage, reportFieldId as fieldId, summaryLinksOf } from "./report-form-messages.ts";
import { SimilarReports, type SimilarReportParts } from "./similar-reports.tsx";
import { StorageNotice } from "./storage-notice.tsx";
import { SmsUpdatesField, useSmsOffered } from "./sms-updates-field.tsx";
import { usePinFields } from "./use-pin-fields.ts";
import { useReportSubmission } from "./use-report-submission.ts";
import { useWaterPointChoice } from "./use-water-point-choice.ts";
import { WaterPointField } from "./water-point-field.tsx";

/**
 * What the form shows from other features, handed in by the app (app/pages/submit-page.tsx): the active incidents
 * the report probably belongs to (incidents), and "I have this problem too" on each similar report (places).
 */
export interface ReportFormParts extends SimilarReportParts {
  incidentMatch: (input: { category: string; location: string; pin: LatLng | null }) => ReactNode;
}

export interface ReportFormProps {
  /** Called once a report is accepted, before the visitor is sent to the list (REDIRECT_AFTER_SUBMIT_MS later). */
  onAccepted?: () => void;
  parts: ReportFormParts;
}

/**
 * The report form's layout: its fields, the error summary and the confirmation. What a submit does (the checks,
 * sending, keeping the report on the phone, the messages and the focus) is useReportSubmission's.
 */
export function ReportForm({ onAccepted, parts }: ReportFormProps) {
  const t = useT();
  const { values, setValues, change, edited, state, busy, photos, submit, summaryRef, successRef } =
    useReportSubmission(onAccepted);
  const { status, errors, formError, aboutFields, failure, reference } = state;
  // The categories offered now (data: docs/decisions/017); the server checks the one sent again.
  const { categories, failed: categoriesFailed } = useCategories();
  const { pin, locationFillable, setPin, fillLocation } = usePinFields(values, setValues, edited);
  // The water point (docs/decisions/040): offered for the categories linked to water points, shown once one is chosen.
  const waterPoint = useWaterPointChoice(setValues, edited, setPin);
  const offersWaterPoints =
    values.water_point.trim() !== "" ||
    (categories?.some((category) => category.key === values.category && category.waterPoints) ?? false);
  const categoryNoteId = `${fieldId("category")}-note`;
  const summaryLinks = summaryLinksOf(t, errors, photos.error);

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    change(event.target.name as GrievanceField, event.target.value);
    // Updates by SMS need the number: emptied, the tick goes with it.
    if (event.target.name === "user_phone" && event.target.value.trim() === "") change("sms_updates", "");
  };
  const smsOffered = useSmsOffered();

  // What every field of the form shares: its label's target, its error, and the entry it shows.
  const fieldOf = (field: GrievanceField) => ({
    id: fieldId(field),
    error: errors[field] ? inlineMessage(t, errors[field]) : undefined,
  });
  const controlOf = (field: GrievanceField) => ({
    name: field,
    value: values[field],
    onChange: handleChange,
    disabled: busy,
  });

  return (
    <form
      className="report-form card"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="report-heading"
    >
      <StorageNotice />

      {/* The schema's headline is English, the server's comes translated: translateText leaves the latter as it is. */}
      {/* A summary of fields goes once the last of them is put right (docs/accessibility.md). */}
      {formError && !(aboutFields && summaryLinks.length === 0) && (
        <ErrorSummary ref={summaryRef} message={translateText(formError)} links={summaryLinks}>
          <SupportReference error={failure} />
        </ErrorSummary>
      )}
      {status === "kept-offline" && (
        <div className="alert alert--success" ref={successRef} tabIndex={-1} data-testid="saved-offline">
          <p>{t(SAVED_OFFLINE_MESSAGE)}</p>
        </div>
      )}
      {status === "sent" && (
        // Given the focus, so it is read out; then the list page takes over (docs/accessibility.md).
        <div className="alert alert--success" ref={successRef} tabIndex={-1} data-testid="form-success">
          {/* The specification's text exactly, and the reference beside it (docs/product-decisions.md D13). */}
          <p>
            <span>{t(MESSAGES.submitSuccess)}</span>
            {reference && (
              <>
                {" "}
                <span>
                  {t("Your reference:")}{" "}
                  <strong className="reference" data-testid="submitted-reference">
                    {reference}
                  </strong>
                </span>
              </>
            )}
          </p>
        </div>
      )}

      <p className="hint">{t("Fields marked * are required.")}</p>

      <div className="form-grid">
        {/* Where first, then what, photos, the details and the contact (docs/accessibility.md, "The report form"). */}
        <Field {...fieldOf("location")} label={t("Location")} mark="optional" full>
          {(control) => (
            <input
              type="text"
              dir="auto"
              maxLength={FIELD_LIMITS.location}
              autoComplete="street-address"
              placeholder={t("Street, landmark or area")}
              {...controlOf("location")}
              {...control}
            />
          )}
        </Field>

        <LocationPin
          id={fieldId("latitude")}
          pin={pin}
          onPinChange={setPin}
          error={errors.latitude ?? errors.longitude}
          locationFillable={locationFillable}
          onLocationFill={fillLocation}
          disabled={busy}
          waterPoints={{ chosen: values.water_point, onChoose: waterPoint.choose }}
        />

        <Field
          {...fieldOf("category")}
          label={t("Category")}
          mark="required"
          describedBy={[categories?.some((category) => category.key === values.category) && categoryNoteId]}
        >
          {(control) => (
            <>
              <select required {...controlOf("category")} {...control}>
                <option value="">{t("Select a category")}</option>
                {categories && <CategoryOptions categories={categories.filter((category) => category.active)} />}
              </select>
              <CategoryNote id={categoryNoteId} categories={categories} chosen={values.category} />
              <FieldError announce>
                {categoriesFailed
                  ? t("The categories could not be loaded. Please check your connection and reload the page.")
                  : ""}
              </FieldError>
            </>
          )}
        </Field>

        {offersWaterPoints && (
          <WaterPointField
            id={fieldId("water_point")}
            code={values.water_point}
            pin={pin}
            error={errors.water_point}
            disabled={busy}
            onCodeChange={waterPoint.setCode}
            onPinTo={setPin}
          />
        )}

        <SimilarReports
          category={values.category}
          title={values.title}
          pin={pin}
          waterPoint={values.water_point}
          affected={parts.affected}
        />

        {parts.incidentMatch({ category: values.category, location: values.location, pin })}

        <ImagePicker
          images={photos.images}
          error={photos.error}
          disabled={busy}
          onPick={(files) => void photos.pick(files)}
          onRemove={photos.remove}
        />

        <Field {...fieldOf("title")} label={t("Issue Title")} mark="required" full>
          {(control) => (
            <input
              type="text"
              dir="auto"
              required
              maxLength={FIELD_LIMITS.title}
              autoComplete="off"
              {...controlOf("title")}
              {...control}
            />
          )}
        </Field>

        <Field {...fieldOf("description")} label={t("Detailed Description")} mark="required" full>
          {(control) => (
            <textarea
              dir="auto"
              required
              rows={6}
              maxLength={FIELD_LIMITS.description}
              {...controlOf("description")}
              {...control}
            />
          )}
        </Field>

        {/* Priority Level always has a value, so it is neither required nor optional; the hint says what each means. */}
        <Field
          {...fieldOf("priority")}
          label={t("Priority Level")}
          hint={t(
            "How soon it needs fixing. Urgent: a danger to health now, such as sewage in the street or no water at all. High: serious, but not dangerous. Medium suits most reports. Low: it can wait.",
          )}
        >
          {(control) => (
            <select {...controlOf("priority")} {...control}>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(priorityLabel(priority))}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field {...fieldOf("user_email")} label={t("Email Address")} mark="optional">
          {(control) => (
            <input
              type="email"
              maxLength={FIELD_LIMITS.email}
              autoComplete="email"
              {...controlOf("user_email")}
              {...control}
            />
          )}
        </Field>

        <Field {...fieldOf("user_phone")} label={t("Phone Number")} mark="optional">
          {(control) => (
            <input
              type="tel"
              maxLength={FIELD_LIMITS.phone}
              autoComplete="tel"
              {...controlOf("user_phone")}
              {...control}
            />
          )}
        </Field>

        {smsOffered && (
          <SmsUpdatesField
            id={fieldId("sms_updates")}
            checked={values.sms_updates === "true"}
            hasPhone={values.user_phone.trim() !== ""}
            disabled={busy}
            onChange={(ticked) => change("sms_updates", ticked ? "true" : "")}
          />
        )}
      </div>

      <p className="hint">
        {t("Your email and phone are optional and are never shown in full to the public.")}{" "}
        {/* Beside the contact fields, what is done with them (docs/decisions/042-privacy-and-retention.md). */}
        <Link to={routePatterns.privacy}>{t("How your contact details are used, and for how long they are kept")}</Link>
      </p>

      <div className="form-actions">
        <button type="submit" className="button button--large" disabled={busy}>
          {status === "submitting" ? t("Submitting...") : t("Submit Grievance")}
        </button>
      </div>
    </form>
  );
}
