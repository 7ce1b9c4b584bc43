import { useId, useRef, useState, type FormEvent } from "react";
import { REPORTER_MESSAGES, REPORTER_UPDATE_MAX_LENGTH, reporterUpdateSchema, UPDATE_TEXT_FIELD } from "../../../../shared/reporter-actions.ts";
import { ApiRequestError, errorMessageOf } from "../../../lib/api-client.ts";
import { useT } from "../../../lib/i18n/i18n-context.tsx";
import { translateText } from "../../../lib/i18n/translate-text.ts";
import { ImagePicker } from "../../report/components/image-picker.tsx";
import { useChosenImages } from "../../report/components/use-chosen-images.ts";
import { addReporterUpdate } from "../api/tracking.ts";
import { BusySubmitButton } from "../../../lib/busy-submit-button.tsx";

const IMAGES_INPUT_ID = "update-images";

interface ReporterUpdateFormProps {
  token: string;
  /** After an update was added: reload the page's report so the timeline shows it. */
  onAdded: () => Promise<void>;
}

/**
 * "Add an update" on the reporter's private page (docs/decisions/015-reporter-actions.md): text and up to 5 photos,
 * with the report form's photo picker and its messages. The server shows the update publicly in the timeline.
 */
export function ReporterUpdateForm({ token, onAdded }: ReporterUpdateFormProps) {
  const t = useT();
  const id = useId();
  const textId = `${id}-text`;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  // Messages are kept in English (or as the server worded them) and translated when shown, so that they follow a
  // change of language.
  const [textError, setTextError] = useState<string | undefined>();
  const [formError, setFormError] = useState("");
  const [done, setDone] = useState("");
  const [sending, setSending] = useState(false);
  const photos = useChosenImages(() => setDone(""));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setDone("");
    setFormError("");
    const parsed = reporterUpdateSchema.safeParse({ [UPDATE_TEXT_FIELD]: text });
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message ?? REPORTER_MESSAGES.updateTextRequired);
      textRef.current?.focus();
      return;
    }
    setTextError(undefined);
    setSending(true);
    try {
      await addReporterUpdate(token, parsed.data[UPDATE_TEXT_FIELD], photos.images.map((image) => image.file));
      setText("");
      photos.clear();
      setDone(REPORTER_MESSAGES.updateAdded);
      await onAdded();
    } catch (error) {
      // Keep the text and photos for another try, and say what went wrong where it applies.
      console.error("Reporter update failed:", error);
      const message = errorMessageOf(error);
      if (error instanceof ApiRequestError && error.fieldErrors?.images) {
        photos.setError(translateText(error.fieldErrors.images));
        document.getElementById(IMAGES_INPUT_ID)?.focus();
      } else setFormError(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reporter-action" aria-labelledby={`${id}-heading`} data-testid="update-form">
      <h2 id={`${id}-heading`}>{t("Add an update")}</h2>
      <p className="hint">
        {t(
          "Has something changed, or do you have new photos? Your update appears on the report's public page, without your name or contact details.",
        )}
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="reporter-action__form">
        <div className="field field--full">
          <label htmlFor={textId}>
            {t("What has changed?")}
            <span className="required-mark">*</span>
          </label>
          <textarea
            ref={textRef}
            id={textId}
            name={UPDATE_TEXT_FIELD}
            rows={4}
            required
            maxLength={REPORTER_UPDATE_MAX_LENGTH}
            value={text}
            disabled={sending}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${textId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setTextError(undefined);
              setDone("");
            }}
          />
          {textError && (
            <p className="field-error" id={`${textId}-error`} role="alert">
              {translateText(textError)}
            </p>
          )}
        </div>
        <ImagePicker
          inputId={IMAGES_INPUT_ID}
          images={photos.images}
          error={photos.error}
          disabled={sending}
          onPick={(files) => void photos.pick(files)}
          onRemove={photos.remove}
        />
        {/* Always in the page (empty, they take no room), so that a message appearing in them is announced. */}
        <div className="form-feedback">
          <div role="alert" className={formError ? "alert alert--error" : undefined} data-testid="update-error">
            {formError && translateText(formError)}
          </div>
          <div role="status" className={done ? "alert alert--success" : undefined} data-testid="update-done">
            {done && t(done)}
          </div>
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={sending} busyLabel={t("Sending...")} className="button">
            {t("Add update")}
          </BusySubmitButton>
        </div>
      </form>
    </section>
  );
}
