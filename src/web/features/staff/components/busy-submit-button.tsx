import type { ReactNode } from "react";

interface BusySubmitButtonProps {
  busy: boolean;
  className: string;
  children: ReactNode;
}

/**
 * A submit button that refuses a second press while its form is being sent, without `disabled`: a disabled button
 * drops the keyboard focus to the page body (docs/accessibility.md). It says "Saving..." meanwhile.
 */
export function BusySubmitButton({ busy, className, children }: BusySubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? "Saving..." : children}
    </button>
  );
}
