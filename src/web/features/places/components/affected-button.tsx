import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { Status } from "#shared/domain.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import type { AffectedResult } from "../api/affected-action.ts";
import { useMarkedAffected } from "#web/lib/browser-id-store.ts";
import { AffectedControl } from "#web/lib/affected-control.tsx";

/**
 * "N people affected" and, while the report is open, "I have this problem too". Once this browser is counted the
 * button stays where it is (aria-disabled, so focus is not lost) and the result is read out politely.
 *
 * A press goes to the action of the report's own page (app/pages/grievance-action.ts), wherever the button is: on
 * that page, and in the report form's list of possible duplicates, whose page is another route. One action on the
 * report's route, named by its path, is simpler than a route of its own for the press; on the form page the first
 * press also fetches the report page's chunks (the router loads a route's lazy parts together), which the offline
 * shell has usually cached already. `fetcher.submit`, not a form: on the form page the button sits inside the
 * report form, and a form cannot hold another.
 */
export function AffectedButton({
  grievanceId,
  affected,
  status,
}: {
  grievanceId: string;
  affected: number;
  status: Status;
}) {
  const t = useT();
  const fetcher = useFetcher<AffectedResult>();
  const remembered = useMarkedAffected(grievanceId);
  const countId = useId();
  const sending = fetcher.state !== "idle";
  // Nothing is said while the press is on its way, as before; then the answer's outcome.
  const answer = sending ? undefined : fetcher.data;

  // The count the server gave with the answer; a fresher one from the page (a reload of its data) wins over it.
  const [count, setCount] = useState(affected);
  const [seen, setSeen] = useState<{ affected: number; answer: AffectedResult | undefined }>({
    affected,
    answer: undefined,
  });
  if (affected !== seen.affected || fetcher.data !== seen.answer) {
    setSeen({ affected, answer: fetcher.data });
    if (affected !== seen.affected) setCount(affected);
    else if (fetcher.data?.ok) setCount(fetcher.data.data.affected);
  }

  const counted = answer?.ok === true && answer.data.counted;
  const already = answer?.ok === true && !answer.data.counted;
  const done = remembered || counted || already;
  const inactive = done || sending;

  const press = () => {
    if (inactive) return;
    // The action's word, checked against its type: a type-only import keeps the action out of the form page's chunk.
    const intent: AffectedResult["intent"] = "affected";
    // The answer carries the new count: the page's report is not read again for it.
    void fetcher.submit(
      { intent },
      { method: "post", action: paths.grievance(grievanceId), defaultShouldRevalidate: false },
    );
  };

  const countText = (
    <span className="affected__count" id={countId} data-testid="affected-count">
      {/* LOCATION_MESSAGES.peopleAffected's words as one plural message, so that each language counts its own way. */}
      {t("{count, plural, one {# person affected} other {# people affected}}", { count })}
    </span>
  );
  if (status === "resolved") return <p className="affected">{countText}</p>;

  const failed = answer?.ok === false;
  const message = counted
    ? t(LOCATION_MESSAGES.affectedCounted)
    : already || (remembered && !sending && !answer)
      ? t(LOCATION_MESSAGES.affectedAlready)
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
      {t(LOCATION_MESSAGES.affectedButton)}
    </AffectedControl>
  );
}
