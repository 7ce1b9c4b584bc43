import { HIDE_REASON_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";

/** The required reason for hiding a report or a reporter's update, with its error under it. */
export function ReasonField({ id, label, rows, error }: { id: string; label: string; rows: number; error: string }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`}>{label}</label>
      <textarea
        id={`${id}-reason`}
        name="reason"
        rows={rows}
        maxLength={HIDE_REASON_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
      />
      {error && (
        <p className="field-error" id={`${id}-reason-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
