import { useId, useState } from "react";
import type { Status } from "../../../shared/domain.ts";
import { LOCATION_MESSAGES } from "../../../shared/location-messages.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/i18n-context.tsx";
import { t as translate } from "../../lib/i18n/i18n.ts";
import { translateText } from "../../lib/i18n/translate-text.ts";
import { sendAffected } from "./affected-api.ts";
import { browserId, markAffected, useMarkedAffected } from "./browser-id-store.ts";
import "./affected.css";

type Outcome = { kind: "idle" } | { kind: "sending" } | { kind: "counted" } | { kind: "already" } | { kind: "failed"; message: string };

/**
 * The server's own words for a refusal it explains (the hourly limit, a report gone; already in the visitor's
 * language), ours for anything else. Worded when the answer comes, in the language active then.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message) return translateText(error.message);
  return translate(LOCATION_MESSAGES.affectedFailed);
}

/**
 * "N people affected" and, while the report is open, "I have this problem too". Once this browser is counted the
 * button stays where it is (aria-disabled, so focus is not lost) and the result is read out politely.
 */
export function AffectedButton({ grievanceId, affected, status }: { grievanceId: string; affected: number; status: Status }) {
  const t = useT();
  const [count, setCount] = useState(affected);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const remembered = useMarkedAffected(grievanceId);
  const countId = useId();
  // A fresher count from the page (a reload of its data) wins over the one this button last heard.
  const [seenProp, setSeenProp] = useState(affected);
  if (affected !== seenProp) {
    setSeenProp(affected);
    setCount(affected);
  }

  const done = remembered || outcome.kind === "counted" || outcome.kind === "already";
  const inactive = done || outcome.kind === "sending";

  const press = async () => {
    if (inactive) return;
    setOutcome({ kind: "sending" });
    try {
      const answer = await sendAffected(grievanceId, browserId());
      setCount(answer.affected);
      markAffected(grievanceId);
      setOutcome({ kind: answer.counted ? "counted" : "already" });
    } catch (error) {
      setOutcome({ kind: "failed", message: failureMessage(error) });
    }
  };

  const countText = (
    <span className="affected__count" id={countId} data-testid="affected-count">
      {/* LOCATION_MESSAGES.peopleAffected's words as one plural message, so that each language counts its own way. */}
      {t("{count, plural, one {# person affected} other {# people affected}}", { count })}
    </span>
  );
  if (status === "resolved") return <p className="affected">{countText}</p>;

  const message =
    outcome.kind === "counted"
      ? t(LOCATION_MESSAGES.affectedCounted)
      : outcome.kind === "already" || (remembered && outcome.kind === "idle")
        ? t(LOCATION_MESSAGES.affectedAlready)
        : outcome.kind === "failed"
          ? outcome.message
          : "";

  return (
    <div className="affected">
      {countText}
      <button
        type="button"
        className={`button button--secondary affected__button${inactive ? " is-disabled" : ""}`}
        aria-disabled={inactive || undefined}
        aria-describedby={countId}
        onClick={() => void press()}
      >
        {done && <span aria-hidden="true">✓ </span>}
        {t(LOCATION_MESSAGES.affectedButton)}
      </button>
      <p className={`affected__message${outcome.kind === "failed" ? " affected__message--error" : ""}`} role="status">
        {message}
      </p>
    </div>
  );
}
