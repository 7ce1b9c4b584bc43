import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import type { IncidentAffectedResult } from "../api/incident-affected.ts";
import { useMarkedIncidentAffected } from "../api/incident-affected.ts";
import { AffectedControl } from "#web/lib/affected-control.tsx";

/**
 * "N people affected" and, while the incident is active, "I am affected": counted once per browser, like "I have
 * this problem too" (features/places/). The press goes to the incident page's action by its path, wherever the
 * button is (the incident's page, the report form's "This is probably part of …"); the button keeps the focus
 * (aria-disabled) and the outcome is read out politely.
 */
export function IncidentAffectedButton({
  incidentId,
  affectedCount,
  active,
}: {
  incidentId: string;
  affectedCount: number;
  active: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<IncidentAffectedResult>();
  const remembered = useMarkedIncidentAffected(incidentId);
  const countId = useId();
  const sending = fetcher.state !== "idle";
  const answer = sending ? undefined : fetcher.data;
  // The answer's count wins over the one the page was given; a fresher one from the page wins over both.
  const [seen, setSeen] = useState({ given: affectedCount, count: affectedCount, answer: fetcher.data });
  if (affectedCount !== seen.given || fetcher.data !== seen.answer) {
    const count =
      affectedCount !== seen.given ? affectedCount : fetcher.data?.ok ? fetcher.data.data.affectedCount : seen.count;
    setSeen({ given: affectedCount, count, answer: fetcher.data });
  }

  const counted = answer?.ok === true && answer.data.counted;
  const already = answer?.ok === true && !answer.data.counted;
  const done = remembered || counted || already;
  const inactive = done || sending;

  const press = () => {
    if (inactive) return;
    const intent: IncidentAffectedResult["intent"] = "incident-affected";
    void fetcher.submit(
      { intent },
      { method: "post", action: paths.incident(incidentId), defaultShouldRevalidate: false },
    );
  };

  const countText = (
    <span className="affected__count" id={countId} data-testid="incident-affected-count">
      {t("{count, plural, one {# person affected} other {# people affected}}", { count: seen.count })}
    </span>
  );
  if (!active) return <p className="affected">{countText}</p>;

  const failed = answer?.ok === false;
  const message = counted
    ? t("Thank you. You are counted as affected by this incident.")
    : already || (remembered && !sending && !answer)
      ? t("You have already said you are affected.")
      : failed
        ? translateText(answer.message)
        : "";
  return (
    <AffectedControl
      countText={countText}
      countId={countId}
      inactive={inactive}
      done={done}
      failed={failed}
      onPress={press}
      message={message}
    >
      {t("I am affected")}
    </AffectedControl>
  );
}
