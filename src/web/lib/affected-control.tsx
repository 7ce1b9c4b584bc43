import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionRefused } from "./action-result.ts";
import { useT } from "./i18n/i18n-context.tsx";
import { translateText } from "./i18n/translate-text.ts";
import "./affected-control.css";

/** What a press answers: whether this browser was counted now (false: it already was), and the count. */
type AffectedAnswer<Data> = { intent: string; ok: true; data: Data & { counted: boolean } } | ActionRefused;

/**
 * "I have this problem too" on a report (features/places/) and "I am affected" on an incident (features/incidents/):
 * the count, and while the report or incident is open the button, counted once per browser. The press goes to the
 * action of the thing's own page, by its path, wherever the button is (that page, or the report form's lists of
 * possible duplicates and incidents, whose page is another route): `fetcher.submit`, not a form, since on the form
 * page the button sits inside the report form. The button stays where it is once pressed (aria-disabled, so focus is
 * not lost) and the outcome is read out politely; nothing is said while the press is on its way.
 */
export function AffectedControl<Data>(props: {
  /** The page whose action counts the press, and the action's intent. */
  action: string;
  intent: string;
  /** The count the page was given, and the count in a press's answer. */
  given: number;
  countOf: (data: Data) => number;
  /** This browser is already counted (remembered on the phone, in any tab). */
  remembered: boolean;
  /** Whether the button is offered; without it only the count shows. */
  open: boolean;
  testId: string;
  texts: { button: string; counted: string; already: string };
}) {
  const t = useT();
  const fetcher = useFetcher<AffectedAnswer<Data>>();
  const countId = useId();
  const sending = fetcher.state !== "idle";
  const answer = sending ? undefined : fetcher.data;
  // The answer's count wins over the one the page was given; a fresher one from the page (a reload of its data)
  // wins over both.
  const [seen, setSeen] = useState({ given: props.given, count: props.given, answer: fetcher.data });
  if (props.given !== seen.given || fetcher.data !== seen.answer) {
    const fresh = fetcher.data?.ok ? props.countOf(fetcher.data.data) : seen.count;
    setSeen({ given: props.given, count: props.given !== seen.given ? props.given : fresh, answer: fetcher.data });
  }

  const counted = answer?.ok === true && answer.data.counted;
  const already = answer?.ok === true && !answer.data.counted;
  const done = props.remembered || counted || already;
  const inactive = done || sending;

  const press = () => {
    if (inactive) return;
    // The answer carries the new count: the page's data is not read again for it.
    void fetcher.submit(
      { intent: props.intent },
      { method: "post", action: props.action, defaultShouldRevalidate: false },
    );
  };

  const countText = (
    <span className="affected__count" id={countId} data-testid={props.testId}>
      {t("{count, plural, one {# person affected} other {# people affected}}", { count: seen.count })}
    </span>
  );
  if (!props.open) return <p className="affected">{countText}</p>;

  const failed = answer?.ok === false;
  const message = counted
    ? props.texts.counted
    : already || (props.remembered && !sending && !answer)
      ? props.texts.already
      : failed
        ? translateText(answer.message)
        : "";
  return (
    <div className="affected">
      {countText}
      <button
        type="button"
        className={`button button--secondary affected__button${inactive ? " is-disabled" : ""}`}
        aria-disabled={inactive || undefined}
        aria-describedby={countId}
        onClick={press}
      >
        {done && <span aria-hidden="true">✓ </span>}
        {props.texts.button}
      </button>
      <p className={`affected__message${failed ? " affected__message--error" : ""}`} role="status">
        {message}
      </p>
    </div>
  );
}
