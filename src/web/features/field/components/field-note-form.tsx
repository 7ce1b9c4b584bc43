import { useId, useRef, useState, type FormEvent } from "react";
import { NOTE_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { ImagePicker } from "#web/lib/images/image-picker.tsx";
import { useChosenImages } from "#web/lib/images/use-chosen-images.ts";

interface FieldNoteFormProps {
  /** "note": a note for the office; "fixed": the job done, the note public. */
  kind: "note" | "fixed";
  /** Sends the text and photos; resolves when saved, rejects with the server's refusal. */
  send: (text: string, images: File[]) => Promise<void>;
}

/**
 * A technician's note with photos, or "Mark the job fixed" with its note and "after" photos
 * (docs/decisions/031-technician-links.md): the report form's photo picker and its messages, big targets for a
 * phone. The text is kept after a refusal, for another try.
 */
export function FieldNoteForm({ kind, send }: FieldNoteFormProps) {
  const t = useT();
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const photos = useChosenImages(() => setDone(""));
  const fixed = kind === "fixed";

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setError("");
    setDone("");
    if (text.trim() === "") {
      setError(t("Please write what you did or found."));
      textRef.current?.focus();
      return;
    }
    setSending(true);
    send(
      text,
      photos.images.map((image) => image.file),
    )
      .then(() => {
        setText("");
        photos.clear();
        setDone(t("Your note was added."));
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setSending(false));
  };

  return (
    <section className="card field__action" aria-labelledby={`${id}-heading`} data-testid={`field-${kind}-form`}>
      <h2 id={`${id}-heading`}>{fixed ? t("Mark the job fixed") : t("Add a note")}</h2>
      <p className="hint">
        {fixed
          ? t(
              "Say what was done. Your note is shown on the report's public page and sent to the people who follow it; your photos are shown as the photos after the repair.",
            )
          : t("For the office only: what you found, what is needed, when you will be back.")}
      </p>
      <form noValidate onSubmit={handleSubmit}>
        <Field id={`${id}-text`} label={fixed ? t("What was done?") : t("Note")} mark="required" full>
          {(control) => (
            <textarea
              dir="auto"
              ref={textRef}
              rows={4}
              required
              maxLength={NOTE_MAX_LENGTH}
              value={text}
              disabled={sending}
              {...control}
              onChange={(event) => {
                setText(event.target.value);
                setError("");
                setDone("");
              }}
            />
          )}
        </Field>
        <ImagePicker
          inputId={`${id}-images`}
          images={photos.images}
          error={photos.error}
          disabled={sending}
          onPick={(files) => void photos.pick(files)}
          onRemove={photos.remove}
        />
        <div className="form-feedback">
          <div role="alert" className={error ? "alert alert--error" : undefined} data-testid={`field-${kind}-error`}>
            {error}
          </div>
          <div role="status" className={done ? "alert alert--success" : undefined}>
            {done}
          </div>
        </div>
        <div className="form-actions">
          <BusySubmitButton
            busy={sending}
            busyLabel={t("Sending...")}
            className={fixed ? "button" : "button button--secondary"}
          >
            {fixed ? t("Mark the job fixed") : t("Add the note")}
          </BusySubmitButton>
        </div>
      </form>
    </section>
  );
}
