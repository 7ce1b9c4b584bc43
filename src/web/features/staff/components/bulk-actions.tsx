import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { STATUSES } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import type { BulkResult } from "#shared/staff/staff-api.ts";
import { NOTE_MAX_LENGTH, statusChangeSchema } from "#shared/staff/staff-schemas.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { bulkAssign, bulkChangeStatus, type AssignmentChoice } from "../api/work-on-reports-api.ts";
import { useTeams } from "./assignment-panel.tsx";
import type { QueueSelection } from "./queue-selection.tsx";
import { TeamMemberFields } from "./team-member-fields.tsx";
import "./work-on-reports.css";

type Action = "assign" | "status";

/** Each report's result: the ones that changed, then the ones that did not, each with why. */
function BulkResults({ result }: { result: BulkResult }) {
  const t = useT();
  const failed = result.results.filter((item) => !item.ok);
  return (
    <div data-testid="bulk-result">
      <p>
        {t(
          "{succeeded, plural, one {# report changed} other {# reports changed}}, {failed, plural, one {# not changed.} other {# not changed.}}",
          {
            succeeded: result.succeeded,
            failed: result.failed,
          },
        )}
      </p>
      {failed.length > 0 && (
        <ul className="bulk-failures">
          {failed.map((item) => (
            <li key={item.id} data-testid="bulk-failure">
              <span className="reference">{item.reference ?? item.id}</span>: {item.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * "With the chosen reports" above the queue: assign them, or change their status (resolving needs the public note,
 * as for one report). Each report is checked as a single change would be; the answer says which changed and why the
 * others did not. The reports that changed are let go of and the queue reloaded.
 */
export function BulkActions({ selection }: { selection: QueueSelection }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const teams = useTeams();
  const [action, setAction] = useState<Action>("assign");
  const [choice, setChoice] = useState<AssignmentChoice>({ teamId: "", staffAccountId: "" });
  const [status, setStatus] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [result, setResult] = useState<BulkResult | undefined>();
  const count = selection.chosen.size;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setResult(undefined);
    if (count === 0) return setError(t(WORK_MESSAGES.bulkNoneChosen));
    if (action === "assign" && !choice.teamId) return setError(t(WORK_MESSAGES.teamRequired));
    if (action === "status") {
      const parsed = statusChangeSchema.safeParse({ status, note });
      if (!parsed.success) return setError(translateText(parsed.error.issues[0]?.message ?? ""));
    }
    setBusy(true);
    setError("");
    const ids = [...selection.chosen];
    (action === "assign" ? bulkAssign(ids, choice) : bulkChangeStatus(ids, status, note))
      .then((answer) => {
        setResult(answer);
        selection.setMany(
          answer.results.filter((item) => item.ok).map((item) => item.id),
          false,
        );
        if (answer.succeeded > 0) void revalidator.revalidate();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };

  return (
    <section className="card staff-panel bulk-actions" aria-labelledby={`${id}-heading`} data-testid="bulk-actions">
      <h2 id={`${id}-heading`}>{t("With the chosen reports")}</h2>
      <p role="status" data-testid="bulk-count">
        {t(
          "{count, plural, =0 {No report chosen: tick the reports in the queue.} one {# report chosen.} other {# reports chosen.}}",
          { count },
        )}{" "}
        {count > 0 && (
          <button type="button" className="button button--secondary button--small" onClick={selection.clear}>
            {t("Clear the choice")}
          </button>
        )}
      </p>
      {/* The form once there is something to act on (or to say about the last action): a quiet line until then. */}
      {(count > 0 || result || error) && (
        <form noValidate onSubmit={handleSubmit} className="staff-form">
          <Field id={`${id}-action`} label={t("Action")}>
            {(control) => (
              <select {...control} value={action} disabled={busy} onChange={(e) => setAction(e.target.value as Action)}>
                <option value="assign">{t("Assign")}</option>
                <option value="status">{t("Change status")}</option>
              </select>
            )}
          </Field>
          {action === "assign" ? (
            <TeamMemberFields
              id={id}
              teams={teams.state === "loaded" ? teams.data.teams : []}
              choice={choice}
              disabled={busy || teams.state !== "loaded"}
              onChange={setChoice}
            />
          ) : (
            <>
              <Field id={`${id}-status`} label={t("New status")} mark="required">
                {(control) => (
                  <select {...control} value={status} disabled={busy} onChange={(e) => setStatus(e.target.value)}>
                    <option value="">{t("Choose a new status")}</option>
                    {STATUSES.map((value) => (
                      <option key={value} value={value}>
                        {t(statusLabel(value))}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                id={`${id}-note`}
                label={t("Public note")}
                mark={status === "resolved" ? "required" : "optional"}
                full
              >
                {(control) => (
                  <textarea
                    {...control}
                    dir="auto"
                    rows={3}
                    maxLength={NOTE_MAX_LENGTH}
                    value={note}
                    disabled={busy}
                    onChange={(e) => setNote(e.target.value)}
                  />
                )}
              </Field>
            </>
          )}
          <div className="form-feedback">
            <div role="alert" className={error ? "alert alert--error" : undefined} data-testid="bulk-error">
              {error}
            </div>
            <div
              role="status"
              className={result ? `alert alert--${result.failed === 0 ? "success" : "error"}` : undefined}
            >
              {result && <BulkResults result={result} />}
            </div>
          </div>
          <div className="form-actions">
            <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button">
              {action === "assign" ? t("Assign the chosen reports") : t("Change their status")}
            </BusySubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
