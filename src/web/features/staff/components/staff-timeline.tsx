import type { StaffTimelineEvent } from "../../../../shared/staff-api.ts";
import { formatDateTime, statusLabel } from "../../../../shared/format.ts";

function describe(event: StaffTimelineEvent): { title: string; noteLabel: string } {
  if (event.kind === "hidden") return { title: "Hidden from the public", noteLabel: "Reason" };
  if (event.kind === "shown") return { title: "Shown to the public again", noteLabel: "Note" };
  // The reporter's answers to "Is it fixed?" (docs/decisions/015-reporter-actions.md).
  if (event.kind === "confirmed-fixed") return { title: "The reporter confirmed it is fixed", noteLabel: "Note" };
  const from = event.from ? statusLabel(event.from) : "?";
  const to = event.to ? statusLabel(event.to) : "?";
  if (event.actor === "reporter") {
    return { title: `Reopened by the reporter (${from} to ${to}): still a problem`, noteLabel: "Reporter's note (public)" };
  }
  return { title: `Status changed from ${from} to ${to}`, noteLabel: "Public note" };
}

/** Every recorded action on the report, oldest first, with who did it (staff only: the public sees no names). */
export function StaffTimeline({ createdAt, events }: { createdAt: string; events: StaffTimelineEvent[] }) {
  return (
    <section className="card staff-panel" aria-labelledby="staff-timeline-heading">
      <h2 id="staff-timeline-heading">Timeline</h2>
      <ol className="timeline" data-testid="staff-timeline">
        <li className="timeline__item">
          <p className="timeline__title">Reported</p>
          <p className="timeline__meta">
            <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          </p>
        </li>
        {events.map((event) => {
          const { title, noteLabel } = describe(event);
          return (
            <li key={event.id} className={`timeline__item timeline__item--${event.kind}`}>
              <p className="timeline__title">{title}</p>
              <p className="timeline__meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time> · by{" "}
                {event.actor === "reporter" ? "the reporter" : event.staff_email}
              </p>
              {event.note && (
                <p className="timeline__note">
                  <span className="details__meta-label">{noteLabel}:</span> {event.note}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
