import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fixedAnswerProblem, REPORTER_MESSAGES, type FixedAnswer } from "../../../../shared/reporter-actions.ts";
import { NOTE_MAX_LENGTH } from "../../../../shared/staff-schemas.ts";
import type { TrackedGrievance } from "../../../../shared/tracking.ts";
import { errorMessageOf } from "../../../lib/api-client.ts";
import { useT } from "../../../lib/i18n/i18n-context.tsx";
import { formatDateTime } from "../../../lib/i18n/format.ts";
import { translateText } from "../../../lib/i18n/translate-text.ts";
import { slot, withElements } from "../../../lib/text-with-elements.tsx";
import { answerFixedQuestion } from "../api/tracking.ts";
import { BusySubmitButton } from "../../../lib/busy-submit-button.tsx";

interface FixedQuestionBoxProps {
  token: string;
  tracked: TrackedGrievance;
  /** The report as the answer left it. */
  onAnswered: (tracked: TrackedGrievance) => void;
}

/** `message` in English (or as the server worded it), translated when shown so that it follows a change of language. */
type Result = { ok: boolean; message: string };

/**
 * "Is it fixed?" once the report is resolved (docs/decisions/015-reporter-actions.md): "Yes" is recorded; "No, it
 * is still a problem" asks what is still wrong and reopens the report. After "Yes" the reporter can still say the
 * problem came back. The section stays after a reopen, to say what happened; focus moves to that message, since
 * the buttons that had it are gone.
 */
export function FixedQuestionBox({ token, tracked, onAnswered }: FixedQuestionBoxProps) {
  const t = useT();
  const id = useId();
  const noteId = `${id}-note`;
  const [askingNote, setAskingNote] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const noButtonRef = useRef<HTMLButtonElement>(null);
  // After Cancel, focus goes back to the button that opened the note, not to the top of the page.
  const [cancelled, setCancelled] = useState(false);
  const { fixedQuestion } = tracked;
  const resolved = tracked.grievance.status === "resolved";

  useEffect(() => {
    if (askingNote) noteRef.current?.focus();
    else if (cancelled) noButtonRef.current?.focus();
  }, [askingNote, cancelled]);

  useEffect(() => {
    if (result?.ok) doneRef.current?.focus();
  }, [result]);

  if (!resolved && !result) return null;

  // Buttons say they are busy with aria-disabled rather than disabled, which would drop the focus to the page body
  // if the answer fails (docs/accessibility.md).
  const send = async (answer: FixedAnswer) => {
    setSending(true);
    setResult(null);
    try {
      const next = await answerFixedQuestion(token, answer);
      setAskingNote(false);
      setNote("");
      setResult({ ok: true, message: answer.fixed ? REPORTER_MESSAGES.confirmedFixed : REPORTER_MESSAGES.reopened });
      onAnswered(next);
    } catch (error) {
      console.error("Answer to 'Is it fixed?' failed:", error);
      setResult({ ok: false, message: errorMessageOf(error) });
    } finally {
      setSending(false);
    }
  };

  const handleNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const answer = { fixed: false, note };
    const problem = fixedAnswerProblem(answer);
    if (problem) {
      setNoteError(problem.message);
      noteRef.current?.focus();
      return;
    }
    setNoteError("");
    void send({ fixed: false, note: note.trim() });
  };

  return (
    <section className="reporter-action fixed-question" aria-labelledby={`${id}-heading`} data-testid="fixed-question">
      <h2 id={`${id}-heading`}>{t("Is it fixed?")}</h2>
      {resolved && fixedQuestion.open && (
        <p>{t("The staff have marked this report resolved. Please tell them whether the problem is really fixed.")}</p>
      )}
      {resolved && fixedQuestion.confirmedAt && (
        <p>
          {withElements(t("You told us on {date} that it is fixed. Has the problem come back?", { date: slot("date") }), { date: <time dateTime={fixedQuestion.confirmedAt}>{formatDateTime(fixedQuestion.confirmedAt)}</time> })}
        </p>
      )}

      {resolved && !askingNote && (
        <div className="fixed-question__buttons">
          {fixedQuestion.open && (
            <button
              type="button"
              className="button"
              aria-disabled={sending || undefined}
              onClick={() => {
                if (!sending) void send({ fixed: true });
              }}
            >
              {t("Yes")}
            </button>
          )}
          <button
            ref={noButtonRef}
            type="button"
            className="button button--secondary"
            aria-disabled={sending || undefined}
            onClick={() => {
              if (sending) return;
              setCancelled(false);
              setAskingNote(true);
            }}
          >
            {t("No, it is still a problem")}
          </button>
        </div>
      )}

      {resolved && askingNote && (
        <form noValidate onSubmit={handleNote} className="reporter-action__form">
          <div className="field field--full">
            <label htmlFor={noteId}>
              {t("What is still wrong?")}
              <span className="required-mark">*</span>
            </label>
            <textarea
              ref={noteRef}
              id={noteId}
              name="note"
              rows={3}
              required
              maxLength={NOTE_MAX_LENGTH}
              value={note}
              disabled={sending}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${noteId}-error ${noteId}-hint` : `${noteId}-hint`}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError("");
              }}
            />
            <p className="hint" id={`${noteId}-hint`}>
              {t("Your note is shown publicly on the report's timeline, and the report goes back to the staff.")}
            </p>
            {noteError && (
              <p className="field-error" id={`${noteId}-error`} role="alert">
                {translateText(noteError)}
              </p>
            )}
          </div>
          <div className="fixed-question__buttons">
            <BusySubmitButton busy={sending} busyLabel={t("Sending...")} className="button">
              {t("Send: still a problem")}
            </BusySubmitButton>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={sending || undefined}
              onClick={() => {
                if (sending) return;
                setAskingNote(false);
                setCancelled(true);
                setNoteError("");
              }}
            >
              {t("Cancel")}
            </button>
          </div>
        </form>
      )}

      {/* Always in the section, so that a message appearing in them is announced. */}
      <div
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className={result?.ok ? "alert alert--success" : undefined}
        data-testid="fixed-question-done"
      >
        {result?.ok ? translateText(result.message) : ""}
      </div>
      <div role="alert" className={result && !result.ok ? "alert alert--error" : undefined} data-testid="fixed-question-error">
        {result && !result.ok ? translateText(result.message) : ""}
      </div>
    </section>
  );
}
