import type { StaffTimelineEvent } from "#shared/staff/staff-api.ts";
import type { useT } from "#web/lib/i18n/i18n-context.tsx";

const nameOf = (value: unknown, key: "name" | "email"): string | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const named = (value as Record<string, unknown>)[key];
  return typeof named === "string" ? named : undefined;
};

/**
 * The title of an 'assigned' event on the staff timeline: to which team and person, and from which, as its details
 * say (docs/decisions/029-teams-routing-and-assignment.md).
 */
export function assignmentTitle(event: StaffTimelineEvent, t: ReturnType<typeof useT>): string {
  const team = nameOf(event.details.team, "name") ?? "?";
  const person = nameOf(event.details.assignee, "email");
  const assigned = person
    ? t("Assigned to {person} in {team}", { person, team })
    : t("Assigned to the team {team}", { team });
  const previous = nameOf(event.details.previousTeam, "name");
  return previous ? t("{assigned} (was {previous})", { assigned, previous }) : assigned;
}
