import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** Console-only flags, styled like the public badges but with words, never colour alone. */
export function OverdueMarker() {
  const t = useT();
  return (
    <span className="badge badge--overdue" data-testid="overdue-marker">
      {t("Overdue")}
    </span>
  );
}

export function HiddenMarker() {
  const t = useT();
  return (
    <span className="badge badge--hidden" data-testid="hidden-marker">
      {t("Hidden")}
    </span>
  );
}

/** The reporter answered "No, it is still a problem" and staff have not changed the status since (decision 015). */
export function ReopenedMarker() {
  const t = useT();
  return (
    <span className="badge badge--reopened" data-testid="reopened-marker">
      {t("Reopened by reporter")}
    </span>
  );
}

/** Updates the reporter added since staff last changed the report's status or visibility (decision 015). */
export function NewUpdatesMarker({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="badge badge--new-updates" data-testid="new-updates-marker">
      {t("{count, plural, one {# new update from the reporter} other {# new updates from the reporter}}", { count })}
    </span>
  );
}
