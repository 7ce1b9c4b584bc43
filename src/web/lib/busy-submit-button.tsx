import type { ButtonHTMLAttributes, ReactNode } from "react";

interface BusySubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> {
  /** The form is being sent: a press does nothing. */
  busy: boolean;
  /** The words while busy ("Saving...", "Signing in..."); the button's own words when not given. */
  busyLabel?: ReactNode;
  /** A reason of its own not to be pressed (the first category cannot move up). */
  unavailable?: boolean;
}

/**
 * A submit button that refuses a press while its form is being sent, without `disabled`: a disabled button drops the
 * keyboard focus to the page body, and a keyboard user is lost (docs/accessibility.md). `aria-disabled` tells
 * assistive technology, and the press is cancelled.
 */
export function BusySubmitButton({
  busy,
  busyLabel,
  unavailable = false,
  children,
  onClick,
  ...button
}: BusySubmitButtonProps) {
  const refusing = busy || unavailable;
  return (
    <button
      {...button}
      type="submit"
      aria-disabled={refusing || undefined}
      onClick={(event) => {
        if (refusing) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
