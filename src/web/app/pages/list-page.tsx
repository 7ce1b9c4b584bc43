import { GrievancesRoute } from "#web/features/grievances/routes/grievances-route.tsx";
import { IncidentBannerSlot } from "#web/features/incidents/components/incident-banner-slot.tsx";
import { SubmittedPanelSlot } from "#web/features/tracking/components/submitted-panel-slot.tsx";

/** The list as the router loads it: grievances' page with the incidents' banner and tracking's "just submitted". */
export const ListPage = () => <GrievancesRoute banner={<IncidentBannerSlot />} submitted={<SubmittedPanelSlot />} />;
