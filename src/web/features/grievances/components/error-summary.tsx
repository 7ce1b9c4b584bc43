import type { MouseEvent, ReactNode, Ref } from "react";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import "#web/styles/error-summary.css";

export interface SummaryLink {
  /** The id of the control to go to. */
  target: string;
  /** Already in the visitor's language. */
  text: string;
}

interface ErrorSummaryProps {
  /** Already in the visitor's language. */
  message: string;
  links: readonly SummaryLink[];
  ref?: Ref<HTMLDivElement>;
  /** Shown under the rest, e.g. the reference of a failure on the server's side (SupportReference). */
  children?: ReactNode;
}

function goTo(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const control = document.getElementById(target);
  if (!control) return;
  // Not a jump to the fragment: the address stays as it is, and the label above the control stays in view.
  event.preventDefault();
  control.focus({ preventScroll: true });
  (control.closest(".field, fieldset") ?? control).scrollIntoView({ block: "start" });
}

/**
 * GOV.UK's error summary (docs/accessibility.md): at the top of the form, given the focus after a refused submit,
 * the headline message, then a link to each field in error that moves the focus into that field.
 */
export function ErrorSummary({ message, links, ref, children }: ErrorSummaryProps) {
  const t = useT();
  return (
    <div
      className="error-summary"
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      data-testid="form-error"
    >
      <h2 className="error-summary__title" id="error-summary-title">
        {t("There is a problem")}
      </h2>
      <p className="error-summary__message">{message}</p>
      {links.length > 0 && (
        <ul className="error-summary__list">
          {links.map((link) => (
            <li key={link.target}>
              <a href={`#${link.target}`} onClick={(event) => goTo(event, link.target)}>
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
