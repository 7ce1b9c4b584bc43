import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { REPORTER_UPDATE_MAX_LENGTH, UPDATE_TEXT_FIELD } from "#shared/tracking/reporter-actions.ts";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { ImagePicker } from "#web/lib/images/image-picker.tsx";
import { useChosenImages } from "#web/lib/images/use-chosen-images.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import type { UpdateResult } from "../api/tracking-actions.ts";

const IMAGES_INPUT_ID = "update-images";

/**
 * "Add an update" on the reporter's private page (docs/decisions/015-reporter-actions.md): text and up to 5 photos,
 * with the report form's photo picker and its messages. The server shows the update publicly in the timeline.
 * Sent through the page's action (tracking-actions.ts) as multipart, the photos as the picker holds them; after it
 * the router reloads the report, so the timeline shows the update.
 */
export function ReporterUpdateForm({ token }: { token: string }) {
  const t = useT();
  const id = useId();
  const textId = `${id}-text`;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fetcher = useFetcher<UpdateResult>();
  // Busy until the action has answered and the report is reloaded, as before.
  const sending = fetcher.state !== "idle";
  const [text, setText] = useState("");
  // Messages are kept in English (or as the server worded them) and translated when shown, so that they follow a
  // change of language.
  const [textError, setTextError] = useState<string | undefined>();
  const [formError, setFormError] = useState("");
  const [done, setDone] = useState("");
  const photos = useChosenImages(() => setDone(""));
  const clearPhotos = photos.clear;

  // Each answer once, when the action and the reload are done: a success empties the form and says so; a refusal
  // keeps the text and photos for another try and says what went wrong where it applies.
  const answer = sending ? undefined : fetcher.data;
  const [handled, setHandled] = useState<UpdateResult | undefined>();
  if (answer !== handled) {
    setHandled(answer);
    if (answer?.ok) {
      setText("");
      setDone(answer.message ?? "");
    } else if (fieldErrorOf(answer, "text")) setTextError(fieldErrorOf(answer, "text"));
    else if (fieldErrorOf(answer, "images")) photos.setError(fieldErrorOf(answer, "images"));
    else if (answer) setFormError(answer.message);
  }
  useEffect(() => {
    if (handled?.ok) clearPhotos();
    else if (fieldErrorOf(handled, "text")) textRef.current?.focus();
    else if (fieldErrorOf(handled, "images")) document.getElementById(IMAGES_INPUT_ID)?.focus();
  }, [handled, clearPhotos]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setDone("");
    setFormError("");
    setTextError(undefined);
    const body = new FormData();
    body.append("intent", "update" satisfies UpdateResult["intent"]);
    body.append(UPDATE_TEXT_FIELD, text);
    for (const image of photos.images) body.append("images", image.file, image.file.name);
    void fetcher.submit(body, { method: "post", action: paths.track(token), encType: "multipart/form-data" });
  };

  return (
    <section className="reporter-action" aria-labelledby={`${id}-heading`} data-testid="update-form">
      <h2 id={`${id}-heading`}>{t("Add an update")}</h2>
      <p className="hint">
        {t(
          "Has something changed, or do you have new photos? Your update appears on the report's public page, without your name or contact details.",
        )}
      </p>
      <form noValidate onSubmit={handleSubmit} className="reporter-action__form">
        <Field
          id={textId}
          label={t("What has changed?")}
          mark="required"
          error={textError && translateText(textError)}
          announce
          full
        >
          {(control) => (
            <textarea
              dir="auto"
              ref={textRef}
              name={UPDATE_TEXT_FIELD}
              rows={4}
              required
              maxLength={REPORTER_UPDATE_MAX_LENGTH}
              value={text}
              disabled={sending}
              {...control}
              onChange={(event) => {
                setText(event.target.value);
                setTextError(undefined);
                setDone("");
              }}
            />
          )}
        </Field>
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
