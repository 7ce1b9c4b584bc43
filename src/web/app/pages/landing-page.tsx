import { LandingRoute } from "#web/features/grievances/routes/landing-route.tsx";
import { IncidentBannerSlot } from "#web/features/incidents/components/incident-banner-slot.tsx";

/** The landing page as the router loads it: grievances' page with the incidents' banner. */
export const LandingPage = () => <LandingRoute banner={<IncidentBannerSlot />} />;
