import { LOCATION_MESSAGES } from "../../../../shared/location-messages.ts";

/**
 * "N people affected" (the reporter and everyone who said "I have this problem too"). `onlyIfOthers`: say nothing
 * while only the reporter is counted, as on the list's cards, where "1 person affected" would be noise.
 */
export function AffectedCount({ affected, onlyIfOthers = false }: { affected: number; onlyIfOthers?: boolean }) {
  if (onlyIfOthers && affected <= 1) return null;
  return (
    <span className="affected-count" data-testid="affected-count">
      {LOCATION_MESSAGES.peopleAffected(affected)}
    </span>
  );
}
