import type { ReactNode } from "react";
import { useT } from "./i18n/i18n-context.tsx";

/**
 * Every form's fields in one shape (docs/accessibility.md): the label with its required or optional mark, the
 * control, a hint, and the field's error under it. The control is told it is invalid (`aria-invalid`) and points at
 * its hint and its error (`aria-describedby`), so a screen reader reads both with the field, and the error summary
 * or a refusal's focus can link to the error by its id.
 */

/** What the control of a field is given: its id, and its state for assistive technology. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The ids given, in order and each once, as one `aria-describedby` value; none at all is no attribute rather than an
 * empty one.
 */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return [...new Set(ids.filter(Boolean))].join(" ") || undefined;
}

/** The id of a field's error, next to its control's: `report-title` → `report-title-error`. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;

export interface FieldControlOptions {
  /** The control's id. */
  id: string;
  /** The message shown under the field; empty or undefined when the field has no problem. */
  error?: string;
  /** The error's id when it is not the control's id with "-error". */
  errorId?: string;
  /** Other descriptions read before the error (the hint, a counter), in reading order. */
  describedBy?: (string | false | undefined)[];
}

/** A control's id and aria attributes, for controls laid out by their own component (the photo picker, the map pin). */
export function fieldControlProps({
  id,
  error,
  errorId = errorIdOf(id),
  describedBy: others = [],
}: FieldControlOptions) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(...others, error ? errorId : undefined),
  } satisfies FieldControlProps;
}

export interface FieldErrorProps {
  id?: string;
  /** The message, already in the visitor's language; nothing is rendered when it is empty. */
  children?: string;
  /**
   * Said at once by a screen reader (`role="alert"`): for an error that appears after a request, where the focus
   * is not moved to a summary that says it already.
   */
  announce?: boolean;
  testId?: string;
}

/** A field's error message, under (or above) its control. */
export function FieldError({ id, children, announce = false, testId }: FieldErrorProps) {
  if (!children) return null;
  return (
    <p className="field-error" id={id} role={announce ? "alert" : undefined} data-testid={testId}>
      {children}
    </p>
  );
}

export type FieldMark = "required" | "optional";

/**
 * Required fields keep the specification's asterisk; optional ones say so, written as the specification writes
 * "Upload Images (Optional)". A field that always has a value (a select with no empty choice) is neither.
 */
export function FieldMarkText({ mark }: { mark: FieldMark }) {
  const t = useT();
  return mark === "required" ? (
    <span className="required-mark">*</span>
  ) : (
    <span className="optional-mark"> {t("(Optional)")}</span>
  );
}

export interface FieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  mark?: FieldMark;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  /** The hint's id; the control's id with "-hint" when not given. */
  hintId?: string;
  /** The message shown under the field, already in the visitor's language; empty when the field has no problem. */
  error?: string;
  /** The error's id; the control's id with "-error" when not given. */
  errorId?: string;
  /** The error is announced when it appears (role="alert"; FieldError). */
  announce?: boolean;
  errorTestId?: string;
  /**
   * The error is said by the form's own alert (a form of one field, or one message for several), whose id is
   * errorId: the control is marked invalid and points at it, and the field does not say it again.
   */
  errorShownElsewhere?: boolean;
  /** Other descriptions of the control, read before its hint and error (a message for the whole form). */
  describedBy?: (string | false | undefined)[];
  /** Spans the whole row of a form grid (`field--full`). */
  full?: boolean;
  /** A class of the form's own for this field's place in its layout, beside `field`. */
  className?: string;
  /** The control (and anything that belongs beside it), given the id and aria attributes to spread on it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One field: label (with its mark), the control, the hint, the error.
 *
 * ```tsx
 * <Field id="report-title" label={t("Issue Title")} mark="required" error={titleError}>
 *   {(control) => <input type="text" name="title" {...control} />}
 * </Field>
 * ```
 */
export function Field({
  id,
  label,
  mark,
  hint,
  hintId = `${id}-hint`,
  error,
  errorId = errorIdOf(id),
  announce,
  errorTestId,
  errorShownElsewhere = false,
  describedBy: others = [],
  full = false,
  className,
  children,
}: FieldProps) {
  const control = fieldControlProps({ id, error, errorId, describedBy: [...others, hint ? hintId : undefined] });
  return (
    <div className={["field", full && "field--full", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        {label}
        {mark && <FieldMarkText mark={mark} />}
      </label>
      {children(control)}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {!errorShownElsewhere && (
        <FieldError id={errorId} announce={announce} testId={errorTestId}>
          {error}
        </FieldError>
      )}
    </div>
  );
}
