import { HIDE_REASON_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import { Field } from "#web/lib/form-field.tsx";

/** The required reason for hiding a report or a reporter's update, with its error under it. */
export function ReasonField({ id, label, rows, error }: { id: string; label: string; rows: number; error: string }) {
  return (
    <Field id={`${id}-reason`} label={label} error={error} announce>
      {(control) => <textarea dir="auto" name="reason" rows={rows} maxLength={HIDE_REASON_MAX_LENGTH} {...control} />}
    </Field>
  );
}
