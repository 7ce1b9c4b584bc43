import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_PRIORITY, FIELD_LIMITS, PRIORITIES, REDIRECT_AFTER_SUBMIT_MS } from "#shared/domain.ts";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  summaryMessageOf,
  type FieldErrors,
  type GrievanceField,
} from "#shared/grievances/grievance-schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { msg } from "#shared/i18n/locales.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { priorityLabel } from "#shared/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { CategoryOptions } from "#web/lib/categories/category-options.tsx";
import { useCategories } from "#web/lib/categories/use-categories.ts";
import { loadSubmittedPanel } from "#web/features/tracking/components/submitted-panel-slot.tsx";
import { announceSubmitted, rememberedReportOf, rememberReport } from "#web/features/tracking/api/my-reports-store.ts";
import { createGrievance, newSubmissionKey } from "../api/report.ts";
import { useAnnounce } from "#web/lib/announcer.tsx";
import { QUEUE_CHANGED_EVENT, SAVED_OFFLINE_MESSAGE } from "../api/offline-flag.ts";
import { saveForLater } from "../api/offline-queue.ts";
import { IncidentMatchPanel } from "#web/features/incidents/components/incident-match.tsx";
import { ErrorSummary, type SummaryLink } from "./error-summary.tsx";
import { ImagePicker, IMAGES_INPUT_ID } from "./image-picker.tsx";
import { LocationPin } from "./location-pin.tsx";
import { SimilarReports } from "./similar-reports.tsx";
import { StorageNotice } from "./storage-notice.tsx";
import { useChosenImages } from "./use-chosen-images.ts";
import { usePinFields } from "./use-pin-fields.ts";

type Values = Record<GrievanceField, string>;

const EMPTY_VALUES: Values = {
  title: "",
  category: "",
  priority: DEFAULT_PRIORITY,
  location: "",
  description: "",
  user_email: "",
  user_phone: "",
  latitude: "",
  longitude: "",
};

/** Fields in form order: the first invalid one gets focus. */
const FIELD_ORDER: GrievanceField[] = [
  "title",
  "category",
  "priority",
  "location",
  "latitude",
  "longitude",
  "description",
  "user_email",
  "user_phone",
];
/**
 * The error summary's link to each field: its label as the form shows it, then the message. One message per field
 * rather than "{field}: {message}", which would match any text with a colon when a finished text is translated
 * (translate-text.ts), and which gives translators the label in its sentence.
 */
const SUMMARY_LINKS: Record<GrievanceField | "images", string> = {
  title: msg("Issue Title: {message}"),
  category: msg("Category: {message}"),
  priority: msg("Priority Level: {message}"),
  location: msg("Location: {message}"),
  latitude: msg("Pin on a map: {message}"),
  longitude: msg("Pin on a map: {message}"),
  description: msg("Detailed Description: {message}"),
  user_email: msg("Email Address: {message}"),
  user_phone: msg("Phone Number: {message}"),
  images: msg("Upload Images: {message}"),
};

// Both coordinates belong to the one "Pin on a map" group, which takes the focus for either.
const fieldId = (field: GrievanceField) =>
  field === "longitude" ? "report-latitude" : `report-${field.replace("_", "-")}`;

/**
 * The alert at the top carries the headline message; the text under a field says what to do there, worded
 * differently so that every message appears once on screen. A field's message is the schema's (English) or the
 * server's (already in the visitor's language), so both are recognised; any other is translated if it is English.
 */
function inlineMessage(t: ReturnType<typeof useT>, message: string): string {
  const is = (english: string) => message === english || message === t(english);
  if (is(MESSAGES.requiredFields)) return t("This field is required.");
  if (is(MESSAGES.invalidEmail)) return t("Enter an email address such as name@example.org, or leave it empty.");
  if (is(MESSAGES.invalidPhone)) {
    return t("Use digits with optional +, spaces, brackets or dashes (6 to 20 digits), or leave it empty.");
  }
  return translateText(message);
}

type Status = "idle" | "submitting" | "success" | "saved-offline";

/**
 * Optional fields say so, written as the specification writes "Upload Images (Optional)"; required ones keep its
 * asterisk. Priority Level always has a value, so it is neither.
 */
function OptionalMark() {
  const t = useT();
  return <span className="optional-mark"> {t("(Optional)")}</span>;
}

/**
 * After a submit: the report is remembered in this browser for /my-reports, and announced to the list page the
 * visitor is sent to, which shows its private link (docs/product-decisions.md D13).
 */
function keepSubmitted(submitted: Awaited<ReturnType<typeof createGrievance>>): void {
  const report = rememberedReportOf(submitted);
  if (!report) return;
  rememberReport(report);
  announceSubmitted(report);
  // Fetched during the 2 s before the redirect, so the panel is there with the list page.
  void loadSubmittedPanel().catch(() => undefined);
}

export interface ReportFormProps {
  /** Called once a report is accepted, before the visitor is sent to the list (REDIRECT_AFTER_SUBMIT_MS later). */
  onAccepted?: () => void;
}

export function ReportForm({ onAccepted }: ReportFormProps = {}) {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The failed submit behind formError, for its reference to quote when the server failed (SupportReference).
  const [submitFailure, setSubmitFailure] = useState<unknown>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [reference, setReference] = useState<string | null>(null);
  // Where the focus goes after a submit (docs/accessibility.md): the error summary, or the confirmation. Counted,
  // so that a second refused submit moves the focus to the summary again.
  const [focusRequest, setFocusRequest] = useState<{ to: "summary" | "success"; n: number } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const announce = useAnnounce();
  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.to === "summary" ? summaryRef : successRef).current?.focus();
  }, [focusRequest]);
  const requestFocus = (to: "summary" | "success") => setFocusRequest((prev) => ({ to, n: (prev?.n ?? 0) + 1 }));
  // One key per set of entries: a retry of unchanged entries reuses it, any change starts a new report.
  const submissionKey = useRef<string | undefined>(undefined);
  // Previews' object URLs are freed when the form goes away.
  const {
    images,
    error: imageError,
    setError: setImageError,
    pick: handlePick,
    remove: handleRemove,
    clear: clearImages,
  } = useChosenImages(() => {
    submissionKey.current = undefined;
  });

  // Success: the message shows, then the visitor is taken to the list (specification §2).
  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => void navigate(paths.list()), REDIRECT_AFTER_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const busy = status === "submitting" || status === "success";

  // "Saved on this phone" holds until the kept reports change (sent, or refused): the outbox above the page then
  // says what became of them, and this message must not go on saying it waits.
  useEffect(() => {
    if (status !== "saved-offline") return;
    const settled = () => setStatus("idle");
    window.addEventListener(QUEUE_CHANGED_EVENT, settled);
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, settled);
  }, [status]);
  // The categories offered now (data: docs/decisions/017); the server checks the one sent again.
  const { categories, failed: categoriesFailed } = useCategories();

  // A change of these fields clears their errors and makes the entries a new report (a new submission key).
  const edited = useCallback((...fields: GrievanceField[]) => {
    submissionKey.current = undefined;
    setErrors((prev) => {
      if (!fields.some((field) => prev[field])) return prev;
      const next = { ...prev };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);
  const { pin, locationFillable, setPin, fillLocation } = usePinFields(values, setValues, edited);

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const field = event.target.name as GrievanceField;
    const value = event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    edited(field);
  };

  const showErrors = (fieldErrors: FieldErrors, summary: string) => {
    setErrors(fieldErrors);
    setFormError(summary);
    setImageError(fieldErrors.images);
    requestFocus("summary");
  };

  // The summary's links, in form order; the two coordinates are one place on the form, so one link.
  const summaryLinks: SummaryLink[] = [];
  const linkText = (field: GrievanceField | "images", message: string) => t(SUMMARY_LINKS[field], { message });
  for (const field of FIELD_ORDER) {
    const message = errors[field];
    const target = fieldId(field);
    if (message && !summaryLinks.some((link) => link.target === target)) {
      summaryLinks.push({ target, text: linkText(field, inlineMessage(t, message)) });
    }
  }
  if (imageError) summaryLinks.push({ target: IMAGES_INPUT_ID, text: linkText("images", translateText(imageError)) });

  /**
   * No connection: the report is kept in this browser, photos included, with its Idempotency-Key, and sent when the
   * connection returns (docs/offline.md); the form is emptied for the next one.
   */
  const keepForLater = async (key: string) => {
    await saveForLater({
      key,
      values,
      photos: images.map((image) => ({ name: image.file.name, type: image.file.type, bytes: image.file })),
    });
    submissionKey.current = undefined;
    setValues(EMPTY_VALUES);
    clearImages();
    setStatus("saved-offline");
    requestFocus("success");
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = grievanceInputSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      showErrors(fieldErrors, summaryMessageOf(fieldErrors));
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitFailure(null);
    setImageError(undefined);
    submissionKey.current ??= newSubmissionKey();
    const key = submissionKey.current;
    if (!navigator.onLine) {
      await keepForLater(key).catch(() => {
        setFormError(MESSAGES.networkFailed);
        requestFocus("summary");
      });
      return;
    }
    setStatus("submitting");
    announce(t("Submitting..."));
    try {
      const submitted = await createGrievance(
        values,
        images.map((image) => image.file),
        key,
      );
      keepSubmitted(submitted);
      onAccepted?.();
      setReference(submitted.reference);
      setStatus("success");
      requestFocus("success");
    } catch (error) {
      // docs/product-decisions.md D3: say what went wrong and keep every entry and image for another try.
      console.error("Grievance submission failed:", error);
      setStatus("idle");
      // The connection went while sending: kept for later, as if it had been gone before.
      if (error instanceof ApiRequestError && error.status === 0 && !navigator.onLine) {
        try {
          await keepForLater(key);
          return;
        } catch {
          // This browser cannot keep it either: the message below says what went wrong, and the entries stay.
        }
      }
      const message = errorMessageOf(error);
      setSubmitFailure(error);
      if (error instanceof ApiRequestError && error.fieldErrors) showErrors(error.fieldErrors, message);
      else {
        setFormError(message);
        requestFocus("summary");
      }
    }
  };

  const describedBy = (field: GrievanceField, hint?: string) =>
    [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(" ") || undefined;

  const fieldProps = (field: GrievanceField, hint?: string) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: handleChange,
    disabled: busy,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field, hint),
  });

  const fieldError = (field: GrievanceField): ReactNode =>
    errors[field] ? (
      <p className="field-error" id={`${fieldId(field)}-error`}>
        {inlineMessage(t, errors[field])}
      </p>
    ) : null;

  return (
    <form
      className="report-form card"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby="report-heading"
    >
      <StorageNotice />

      {/* The schema's headline is English, the server's comes translated: translateText leaves the latter as it is. */}
      {formError && (
        <ErrorSummary ref={summaryRef} message={translateText(formError)} links={summaryLinks}>
          <SupportReference error={submitFailure} />
        </ErrorSummary>
      )}
      {status === "saved-offline" && (
        <div className="alert alert--success" ref={successRef} tabIndex={-1} data-testid="saved-offline">
          <p>{t(SAVED_OFFLINE_MESSAGE)}</p>
        </div>
      )}
      {status === "success" && (
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
        <div className="field field--full">
          <label htmlFor={fieldId("title")}>
            {t("Issue Title")}
            <span className="required-mark">*</span>
          </label>
          <input type="text" required maxLength={FIELD_LIMITS.title} autoComplete="off" {...fieldProps("title")} />
          {fieldError("title")}
        </div>

        <div className="field">
          <label htmlFor={fieldId("category")}>
            {t("Category")}
            <span className="required-mark">*</span>
          </label>
          <select required {...fieldProps("category")}>
            <option value="">{t("Select a category")}</option>
            {categories && <CategoryOptions categories={categories.filter((category) => category.active)} />}
          </select>
          {categoriesFailed && (
            <p className="field-error" role="alert">
              {t("The categories could not be loaded. Please check your connection and reload the page.")}
            </p>
          )}
          {fieldError("category")}
        </div>

        <div className="field">
          <label htmlFor={fieldId("priority")}>{t("Priority Level")}</label>
          <select {...fieldProps("priority")}>
            {PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(priorityLabel(priority))}
              </option>
            ))}
          </select>
          {fieldError("priority")}
        </div>

        <div className="field field--full">
          <label htmlFor={fieldId("location")}>
            {t("Location")}
            <OptionalMark />
          </label>
          <input
            type="text"
            maxLength={FIELD_LIMITS.location}
            autoComplete="street-address"
            placeholder={t("Street, landmark or area")}
            {...fieldProps("location")}
          />
          {fieldError("location")}
        </div>

        <LocationPin
          id={fieldId("latitude")}
          pin={pin}
          onPinChange={setPin}
          error={errors.latitude ?? errors.longitude}
          locationFillable={locationFillable}
          onLocationFill={fillLocation}
          disabled={busy}
        />

        <SimilarReports category={values.category} title={values.title} pin={pin} />

        <IncidentMatchPanel category={values.category} location={values.location} pin={pin} />

        <div className="field field--full">
          <label htmlFor={fieldId("description")}>
            {t("Detailed Description")}
            <span className="required-mark">*</span>
          </label>
          <textarea required rows={6} maxLength={FIELD_LIMITS.description} {...fieldProps("description")} />
          {fieldError("description")}
        </div>

        <ImagePicker
          images={images}
          error={imageError}
          disabled={busy}
          onPick={(files) => void handlePick(files)}
          onRemove={handleRemove}
        />

        <div className="field">
          <label htmlFor={fieldId("user_email")}>
            {t("Email Address")}
            <OptionalMark />
          </label>
          <input type="email" maxLength={FIELD_LIMITS.email} autoComplete="email" {...fieldProps("user_email")} />
          {fieldError("user_email")}
        </div>

        <div className="field">
          <label htmlFor={fieldId("user_phone")}>
            {t("Phone Number")}
            <OptionalMark />
          </label>
          <input type="tel" maxLength={FIELD_LIMITS.phone} autoComplete="tel" {...fieldProps("user_phone")} />
          {fieldError("user_phone")}
        </div>
      </div>

      <p className="hint">{t("Your email and phone are optional and are never shown in full to the public.")}</p>

      <div className="form-actions">
        <button type="submit" className="button button--large" disabled={busy}>
          {status === "submitting" ? t("Submitting...") : t("Submit Grievance")}
        </button>
      </div>
    </form>
  );
}
