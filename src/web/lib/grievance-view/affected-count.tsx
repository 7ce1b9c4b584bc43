import { useT } from "../i18n/i18n-context.tsx";

/**
 * "N people affected" (the reporter and everyone who said "I have this problem too"). `onlyIfOthers`: say nothing
 * while only the reporter is counted, as on the list's cards, where "1 person affected" would be noise.
 */
export function AffectedCount({ affected, onlyIfOthers = false }: { affected: number; onlyIfOthers?: boolean }) {
  const t = useT();
  if (onlyIfOthers && affected <= 1) return null;
  return (
    <span className="affected-count" data-testid="affected-count">
      {/* LOCATION_MESSAGES.peopleAffected's words as one plural message, so that each language counts its own way. */}
      {t("{count, plural, one {# person affected} other {# people affected}}", { count: affected })}
    </span>
  );
}
