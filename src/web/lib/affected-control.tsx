import type { ReactNode } from "react";
import "./affected-control.css";

/**
 * What "I have this problem too" (features/places/) and an incident's "I am affected" (features/incidents/) show
 * alike: the count, the button that stays focusable once pressed (aria-disabled), and the outcome read out politely.
 */
export function AffectedControl(props: {
  countText: ReactNode;
  countId: string;
  inactive: boolean;
  done: boolean;
  failed: boolean;
  message: string;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <div className="affected">
      {props.countText}
      <button
        type="button"
        className={`button button--secondary affected__button${props.inactive ? " is-disabled" : ""}`}
        aria-disabled={props.inactive || undefined}
        aria-describedby={props.countId}
        onClick={props.onPress}
      >
        {props.done && <span aria-hidden="true">✓ </span>}
        {props.children}
      </button>
      <p className={`affected__message${props.failed ? " affected__message--error" : ""}`} role="status">
        {props.message}
      </p>
    </div>
  );
}
