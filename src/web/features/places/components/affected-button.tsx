import type { Status } from "#shared/domain.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { AffectedControl } from "#web/lib/affected-control.tsx";
import { useMarkedAffected } from "#web/lib/browser-id-store.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import type { AffectedResult } from "../api/affected-action.ts";

type Counted = Extract<AffectedResult, { ok: true }>["data"];
const countOf = (data: Counted) => data.affected;

/**
 * "N people affected" and, while the report is open, "I have this problem too" (lib/affected-control.tsx). The press
 * goes to the action of the report's own page (app/pages/grievance-action.ts): on the form page the first press also
 * fetches that page's chunks (the router loads a route's lazy parts together), which the offline shell has usually
 * cached already.
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
  // The action's word, checked against its type: a type-only import keeps the action out of the form page's chunk.
  const intent: AffectedResult["intent"] = "affected";
  return (
    <AffectedControl
      action={paths.grievance(grievanceId)}
      intent={intent}
      given={affected}
      countOf={countOf}
      remembered={useMarkedAffected(grievanceId)}
      open={status !== "resolved"}
      testId="affected-count"
      texts={{
        button: t(LOCATION_MESSAGES.affectedButton),
        counted: t(LOCATION_MESSAGES.affectedCounted),
        already: t(LOCATION_MESSAGES.affectedAlready),
      }}
    />
  );
}
