/** Console-only flags, styled like the public badges but with words, never colour alone. */
export function OverdueMarker() {
  return (
    <span className="badge badge--overdue" data-testid="overdue-marker">
      Overdue
    </span>
  );
}

export function HiddenMarker() {
  return (
    <span className="badge badge--hidden" data-testid="hidden-marker">
      Hidden
    </span>
  );
}

/** The reporter answered "No, it is still a problem" and staff have not changed the status since (decision 015). */
export function ReopenedMarker() {
  return (
    <span className="badge badge--reopened" data-testid="reopened-marker">
      Reopened by reporter
    </span>
  );
}
