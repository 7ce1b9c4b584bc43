import { GrievanceRoute, type GrievancePageParts } from "#web/features/grievances/routes/grievance-route.tsx";
import { IncidentLink, incidentOf } from "#web/features/incidents/components/incident-link.tsx";
import { FollowForm } from "#web/features/notifications/components/follow-form.tsx";
import { AffectedButton } from "#web/features/places/components/affected-button.tsx";

// A report's page as the router loads it: grievances' page with what the other features put on it. The action
// comes with the page (grievance-action.ts says why).
export { grievanceAction } from "./grievance-action.ts";

const parts: GrievancePageParts = {
  incidentLink: (grievance) => {
    const incident = incidentOf(grievance);
    return incident && <IncidentLink incident={incident} />;
  },
  affected: (grievance) => (
    <AffectedButton grievanceId={grievance.id} affected={grievance.affected} status={grievance.status} />
  ),
  follow: (grievance) => <FollowForm grievanceId={grievance.id} />,
};

export function GrievancePage() {
  return <GrievanceRoute parts={parts} />;
}
