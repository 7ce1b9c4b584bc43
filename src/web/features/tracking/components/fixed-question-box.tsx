import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { NOTE_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { fieldErrorOf, formProblemOf } from "#web/lib/action-result.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import type { AnswerResult } from "../api/tracking-actions.ts";

interface FixedQuestionBoxProps {
  token: string;
  tracked: TrackedGrievance;
}

const ANSWER: AnswerResult["intent"] = "answer";

/**
 * "Is it fixed?" once the report is resolved (docs/decisions/015-reporter-actions.md): "Yes" is recorded; "No, it
 * is still a problem" asks what is still wrong and reopens the report. After "Yes" the reporter can still say the
 * problem came back. The section stays after a reopen, to say what happened; focus moves to that message, since
 * the buttons that had it are gone. Answers go through the page's action (tracking-actions.ts), which checks the
 * note first; after one is recorded the router reloads the report, and its message shows with the new state.
 */
export function FixedQuestionBox({ token, tracked }: FixedQuestionBoxProps) {
  const t = useT();
  const id = useId();
  const noteId = `${id}-note`;
  const fetcher = useFetcher<AnswerResult>();
  // Busy until the answer is recorded and the report reloaded; then the outcome, whose message (in English, or as
  // the server worded it) is translated when shown, so that it follows a change of language.
  const sending = fetcher.state !== "idle";
  const result = sending ? undefined : fetcher.data;
  const [askingNote, setAskingNote] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState("");
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const noButtonRef = useRef<HTMLButtonElement>(null);
  // After Cancel, focus goes back to the button that opened the note, not to the top of the page.
  const [cancelled, setCancelled] = useState(false);
  const { fixedQuestion } = tracked;
  const resolved = tracked.grievance.status === "resolved";

  // Each answer once: a recorded one closes the note; a refused note says why at the field.
  const [handled, setHandled] = useState<AnswerResult | undefined>();
  if (result !== handled) {
    setHandled(result);
    if (result?.ok) {
      setAskingNote(false);
      setNote("");
    } else if (fieldErrorOf(result, "note")) setNoteError(fieldErrorOf(result, "note"));
  }

  useEffect(() => {
    if (askingNote) noteRef.current?.focus();
    else if (cancelled) noButtonRef.current?.focus();
  }, [askingNote, cancelled]);

  useEffect(() => {
    if (handled?.ok) doneRef.current?.focus();
    else if (fieldErrorOf(handled, "note")) noteRef.current?.focus();
  }, [handled]);

  if (!resolved && !result) return null;

  const problemText = formProblemOf(result);
  const problem = problemText ? translateText(problemText) : "";

  // Buttons say they are busy with aria-disabled rather than disabled, which would drop the focus to the page body
  // if the answer fails (docs/accessibility.md).
  const confirmFixed = () => {
    if (!sending)
      void fetcher.submit({ intent: ANSWER, fixed: "true" }, { method: "post", action: paths.track(token) });
  };

  return (
    <section className="reporter-action fixed-question" aria-labelledby={`${id}-heading`} data-testid="fixed-question">
      <h2 id={`${id}-heading`}>{t("Is it fixed?")}</h2>
      {resolved && fixedQuestion.open && (
        <p>{t("The staff have marked this report resolved. Please tell them whether the problem is really fixed.")}</p>
      )}
      {resolved && fixedQuestion.confirmedAt && (
        <p>
          {withElements(
            t("You told us on {date} that it is fixed. Has the problem come back?", { date: slot("date") }),
            { date: <time dateTime={fixedQuestion.confirmedAt}>{formatDateTime(fixedQuestion.confirmedAt)}</time> },
          )}
        </p>
      )}

      {resolved && !askingNote && (
        <div className="fixed-question__buttons">
          {fixedQuestion.open && (
            <button type="button" className="button" aria-disabled={sending || undefined} onClick={confirmFixed}>
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
        <fetcher.Form
          method="post"
          action={paths.track(token)}
          noValidate
          className="reporter-action__form"
          onSubmit={() => setNoteError("")}
        >
          <input type="hidden" name="intent" value={ANSWER} />
          <input type="hidden" name="fixed" value="false" />
          <Field
            id={noteId}
            label={t("What is still wrong?")}
            mark="required"
            hint={t("Your note is shown publicly on the report's timeline, and the report goes back to the staff.")}
            error={noteError && translateText(noteError)}
            announce
            full
          >
            {(control) => (
              <textarea
                dir="auto"
                ref={noteRef}
                name="note"
                rows={3}
                required
                maxLength={NOTE_MAX_LENGTH}
                value={note}
                disabled={sending}
                {...control}
                onChange={(event) => {
                  setNote(event.target.value);
                  setNoteError("");
                }}
              />
            )}
          </Field>
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
        </fetcher.Form>
      )}

      {/* Always in the section, so that a message appearing in them is announced. */}
      <div
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className={result?.ok ? "alert alert--success" : undefined}
        data-testid="fixed-question-done"
      >
        {result?.ok && result.message ? translateText(result.message) : ""}
      </div>
      {/* A refused note is said at the note; anything else here. */}
      <div role="alert" className={problem ? "alert alert--error" : undefined} data-testid="fixed-question-error">
        {problem}
      </div>
    </section>
  );
}
