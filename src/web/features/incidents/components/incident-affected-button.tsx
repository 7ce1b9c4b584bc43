import { AffectedControl } from "#web/lib/affected-control.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useMarkedIncidentAffected, type IncidentAffectedResult } from "../api/incident-affected.ts";

type Counted = Extract<IncidentAffectedResult, { ok: true }>["data"];
const countOf = (data: Counted) => data.affectedCount;

/**
 * "N people affected" and, while the incident is active, "I am affected" (lib/affected-control.tsx), counted once per
 * browser like "I have this problem too". The press goes to the incident page's action by its path, wherever the
 * button is (the incident's page, the report form's "This is probably part of …").
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
  const intent: IncidentAffectedResult["intent"] = "incident-affected";
  return (
    <AffectedControl
      action={paths.incident(incidentId)}
      intent={intent}
      given={affectedCount}
      countOf={countOf}
      remembered={useMarkedIncidentAffected(incidentId)}
      open={active}
      testId="incident-affected-count"
      texts={{
        button: t("I am affected"),
        counted: t("Thank you. You are counted as affected by this incident."),
        already: t("You have already said you are affected."),
      }}
    />
  );
}
