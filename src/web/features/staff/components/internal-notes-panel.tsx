import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { InternalNote } from "#shared/staff/staff-api.ts";
import { INTERNAL_NOTE_MAX_LENGTH, WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { ImageGallery } from "#web/lib/grievance-view/attached-images.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { ImagePicker } from "#web/lib/images/image-picker.tsx";
import { useChosenImages } from "#web/lib/images/use-chosen-images.ts";
import { addInternalNote } from "../api/work-on-reports-api.ts";
import { StaffPanel } from "./staff-panel.tsx";
import "./work-on-reports.css";

const IMAGES_INPUT_ID = "internal-note-images";

function NoteItem({ note }: { note: InternalNote }) {
  const t = useT();
  const author = note.author.email ?? t("a former member of staff");
  return (
    <li className="timeline__item" data-testid="internal-note">
      <p className="timeline__meta">
        <time dateTime={note.at}>{formatDateTime(note.at)}</time>
        {" · "}
        {note.author.kind === "technician"
          ? t("by the technician {email}", { email: author })
          : t("by {email}", { email: author })}
      </p>
      {note.text && (
        <p className="timeline__note internal-note__text" dir="auto">
          {note.text}
        </p>
      )}
      {note.images.length > 0 && (
        <ImageGallery images={note.images} eagerCount={0} noun="photo" className="image-grid timeline__images" />
      )}
    </li>
  );
}

/**
 * Internal notes on the report page (docs/decisions/032-internal-notes-stay-inside.md): what staff and technicians
 * wrote for one another, oldest first, and a form to add one with photos. Marked as staff only, since nothing of it
 * is ever shown to residents. The page's data is reloaded after a note is added.
 */
export function InternalNotesPanel({ grievanceId, notes }: { grievanceId: string; notes: readonly InternalNote[] }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const photos = useChosenImages(() => setDone(""));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setDone("");
    if (!text.trim() && photos.images.length === 0) {
      setError(t(WORK_MESSAGES.noteOrPhotoRequired));
      return;
    }
    setBusy(true);
    setError("");
    addInternalNote(
      grievanceId,
      text,
      photos.images.map((image) => image.file),
    )
      .then(() => {
        setText("");
        photos.clear();
        setDone(t("Internal note added."));
        void revalidator.revalidate();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };

  return (
    <StaffPanel
      title={
        <>
          {t("Internal notes")} <span className="internal-badge">{t("Internal — staff only")}</span>
        </>
      }
      testId="internal-notes"
    >
      <p className="hint">{t("Never shown to the reporter or the public, nor sent in any e-mail to residents.")}</p>
      {notes.length === 0 ? (
        <p className="muted">{t("No internal notes yet.")}</p>
      ) : (
        <ol className="timeline internal-notes">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ol>
      )}
      <form noValidate onSubmit={handleSubmit} className="staff-form">
        <Field id={`${id}-text`} label={t("Internal note")} full>
          {(control) => (
            <textarea
              dir="auto"
              rows={3}
              maxLength={INTERNAL_NOTE_MAX_LENGTH}
              value={text}
              disabled={busy}
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
          inputId={IMAGES_INPUT_ID}
          images={photos.images}
          error={photos.error}
          disabled={busy}
          onPick={(files) => void photos.pick(files)}
          onRemove={photos.remove}
        />
        <div className="form-feedback">
          <div role="alert" className={error ? "alert alert--error" : undefined} data-testid="internal-note-error">
            {error}
          </div>
          <div role="status" className={done ? "alert alert--success" : undefined} data-testid="internal-note-done">
            {done}
          </div>
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button">
            {t("Add internal note")}
          </BusySubmitButton>
        </div>
      </form>
    </StaffPanel>
  );
}
