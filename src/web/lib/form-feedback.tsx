import { useEffect, useRef } from "react";
import { formProblemOf, type ActionResult } from "./action-result.ts";

/**
 * The live regions of a console form. Both are always in the page (empty when there is nothing to say), so
 * screen readers announce a message when it appears: role="status" for a confirmation, role="alert" for a problem.
 * A field's own validation message is shown at the field instead, so it is left out here.
 */
export function FormFeedback({
  result,
  testId,
}: {
  result: ActionResult<string, unknown> | undefined;
  testId: string;
}) {
  const confirmation = result?.ok ? (result.message ?? "") : "";
  const problem = formProblemOf(result);
  const confirmationRef = useRef<HTMLDivElement>(null);
  // A change can take away the control that had the focus (Hide report swaps its form for Unhide): the focus then
  // goes to the confirmation, not to the page body (docs/accessibility.md).
  useEffect(() => {
    if (confirmation && document.activeElement === document.body) confirmationRef.current?.focus();
  }, [result, confirmation]);
  return (
    <div className="form-feedback">
      <div
        ref={confirmationRef}
        tabIndex={-1}
        role="status"
        className={confirmation ? "alert alert--success" : undefined}
        data-testid={`${testId}-done`}
      >
        {confirmation}
      </div>
      <div role="alert" className={problem ? "alert alert--error" : undefined} data-testid={`${testId}-error`}>
        {problem}
      </div>
    </div>
  );
}
