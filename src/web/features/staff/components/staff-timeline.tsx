import type { StaffTimelineEvent } from "#shared/staff/staff-api.ts";
import { statusLabel } from "#shared/format.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { StaffPanel } from "./staff-panel.tsx";
import { assignmentTitle } from "./assignment-event.ts";
import { targetEventTitle } from "./target-event.ts";

function describe(event: StaffTimelineEvent, t: ReturnType<typeof useT>): { title: string; noteLabel: string } {
  if (event.kind === "hidden") return { title: t("Hidden from the public"), noteLabel: t("Reason:") };
  if (event.kind === "shown") return { title: t("Shown to the public again"), noteLabel: t("Note:") };
  if (event.kind === "assigned") return { title: assignmentTitle(event, t), noteLabel: t("Note:") };
  // A missed target, a new priority (docs/decisions/030-service-targets-and-escalation.md).
  const targetTitle = targetEventTitle(event, t);
  if (targetTitle) return { title: targetTitle, noteLabel: "" };
  // The reporter's answers to "Is it fixed?" (docs/decisions/015-reporter-actions.md).
  if (event.kind === "confirmed-fixed")
    return { title: t("The reporter confirmed it is fixed"), noteLabel: t("Note:") };
  // A merge of duplicates (docs/decisions/033-duplicates-calls-and-templates.md), told on both reports.
  if (event.kind === "duplicate") {
    const { role, originalReference, duplicateReference } = event.details as Record<string, string | undefined>;
    return role === "original"
      ? { title: t("Duplicate {reference} merged into this report", { reference: duplicateReference }), noteLabel: "" }
      : { title: t("Marked as a duplicate of {reference}", { reference: originalReference }), noteLabel: "" };
  }
  // A technician's one-time link (docs/decisions/031-technician-links.md): to whom, and until when.
  if (event.kind === "technician-link") {
    const { action, email = "", expiresAt } = event.details as Record<string, string | undefined>;
    return action === "revoked"
      ? { title: t("Link for the crew revoked ({email})", { email }), noteLabel: "" }
      : {
          title: t("Link for the crew sent to {email}, valid until {time}", {
            email,
            time: expiresAt ? formatDateTime(expiresAt) : "?",
          }),
          noteLabel: "",
        };
  }
  // Staff placed the report on the map (docs/decisions/041-sms-for-staff.md).
  if (event.kind === "location") {
    const to = (event.details as { to?: { latitude?: number; longitude?: number } }).to;
    const pin = `${to?.latitude?.toFixed(6) ?? "?"}, ${to?.longitude?.toFixed(6) ?? "?"}`;
    return { title: t("Placed on the map at {pin}", { pin }), noteLabel: "" };
  }
  const from = event.from ? t(statusLabel(event.from)) : "?";
  const to = event.to ? t(statusLabel(event.to)) : "?";
  if (event.actor === "reporter") {
    return {
      title: t("Reopened by the reporter ({from} to {to}): still a problem", { from, to }),
      noteLabel: t("Reporter's note (public):"),
    };
  }
  if (event.actor === "technician")
    return { title: t("Marked fixed by the crew ({from} to {to})", { from, to }), noteLabel: t("Public note:") };
  return { title: t("Status changed from {from} to {to}", { from, to }), noteLabel: t("Public note:") };
}

/** The address a technician's link went to: who acted, for their events (no staff account). */
const technicianOf = (event: StaffTimelineEvent): string =>
  typeof event.details.technicianEmail === "string" ? event.details.technicianEmail : "";

/** Every recorded action on the report, oldest first, with who did it (staff only: the public sees no names). */
export function StaffTimeline({ createdAt, events }: { createdAt: string; events: StaffTimelineEvent[] }) {
  const t = useT();
  return (
    <StaffPanel title={t("Timeline")} foldOnPhone>
      <ol className="timeline" data-testid="staff-timeline">
        <li className="timeline__item">
          <p className="timeline__title">{t("Reported")}</p>
          <p className="timeline__meta">
            <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          </p>
        </li>
        {events.map((event) => {
          const { title, noteLabel } = describe(event, t);
          const date = <time dateTime={event.at}>{formatDateTime(event.at)}</time>;
          return (
            <li key={event.id} className={`timeline__item timeline__item--${event.kind}`}>
              <p className="timeline__title">{title}</p>
              <p className="timeline__meta">
                {event.actor === "reporter"
                  ? withElements(t("{date} · by the reporter", { date: slot("date") }), { date })
                  : withElements(
                      t("{date} · by {email}", { date: slot("date"), email: event.staff_email ?? technicianOf(event) }),
                      {
                        date,
                      },
                    )}
              </p>
              {event.note && (
                <p className="timeline__note">
                  <span className="details__meta-label">{noteLabel}</span> <bdi>{event.note}</bdi>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </StaffPanel>
  );
}
