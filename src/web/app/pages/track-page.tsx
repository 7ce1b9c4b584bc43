import type { TrackedReportParts } from "#web/features/tracking/components/tracked-report.tsx";
import { TrackRoute } from "#web/features/tracking/routes/track-route.tsx";
import { IncidentLink, incidentOf } from "#web/features/incidents/components/incident-link.tsx";

// The reporter's private page as the router loads it: tracking's page with the incident the report belongs to, as
// the report's public page shows it (pages/grievance-page.tsx). The action comes with the page.
export { trackAction } from "#web/features/tracking/routes/track-route.tsx";

const parts: TrackedReportParts = {
  incidentLink: (tracked) => {
    const incident = incidentOf(tracked);
    return incident && <IncidentLink incident={incident} />;
  },
};

export function TrackPage() {
  return <TrackRoute parts={parts} />;
}
