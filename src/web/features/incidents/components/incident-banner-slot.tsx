import { lazy, Suspense } from "react";

// Its own chunk, asked for after the page has painted: the first load of the landing page stays as it was.
const IncidentBannerChunk = lazy(async () => ({ default: (await import("./incident-banner.tsx")).IncidentBanner }));

/** The active incidents' banner, or nothing while (and when) there are none. */
export function IncidentBannerSlot() {
  return (
    <Suspense fallback={null}>
      <IncidentBannerChunk />
    </Suspense>
  );
}
