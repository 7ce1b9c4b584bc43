import { useId, useState, type ReactNode } from "react";

/** Where the report page stacks its panels in one column (staff-queue.css): a phone, a narrow tablet. */
const ONE_COLUMN = "(max-width: 900px)";

/**
 * A panel of the report page: a card with its heading. `collapsed` panels, secondary ones on a phone (where every
 * panel is stacked under the report), start folded: their heading is a button that shows them (the disclosure
 * pattern, so the heading stays a heading), so "Change status" is not pushed a screen down by panels staff seldom
 * need there. On a wider screen they start open; either way staff may fold and unfold them.
 */
export function StaffPanel({
  title,
  foldOnPhone = false,
  testId,
  children,
}: {
  title: ReactNode;
  foldOnPhone?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  // Read once: a panel opened or folded by hand stays so when the window is resized.
  const [open, setOpen] = useState(() => !(foldOnPhone && window.matchMedia(ONE_COLUMN).matches));
  // A panel that stops folding (a report just hidden) is open, and stays open if it folds again (shown again).
  if (!foldOnPhone && !open) setOpen(true);
  const shown = open || !foldOnPhone;
  // One structure either way, so what the panel holds (a form's live region) stays mounted when it stops folding.
  return (
    <section
      className={`card staff-panel${foldOnPhone ? " staff-panel--foldable" : ""}`}
      aria-labelledby={`${id}-heading`}
      data-testid={testId}
    >
      <h2 id={`${id}-heading`}>
        {foldOnPhone ? (
          <button
            type="button"
            className="staff-panel__toggle"
            aria-expanded={shown}
            aria-controls={`${id}-body`}
            onClick={() => setOpen(!shown)}
          >
            {title}
            <span className="staff-panel__chevron" aria-hidden="true" />
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={`${id}-body`} className="staff-panel__body" hidden={!shown}>
        {children}
      </div>
    </section>
  );
}
