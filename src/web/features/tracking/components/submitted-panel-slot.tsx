import { lazy, Suspense, useState } from "react";
import { hasAnnouncedReport } from "#web/lib/browser-storage.ts";

// Only a visitor who has just submitted a report sees the panel, so only they download it; the form starts that
// download when the report is accepted (use-report-submission.ts), two seconds before it sends them here.
export const loadSubmittedPanel = () => import("./submitted-panel.tsx");
const SubmittedPanel = lazy(async () => ({ default: (await loadSubmittedPanel()).SubmittedPanel }));

/** Where the list page shows the panel about a report just submitted (docs/product-decisions.md D13). */
export function SubmittedPanelSlot() {
  const [announced] = useState(hasAnnouncedReport);
  if (!announced) return null;
  return (
    <Suspense fallback={null}>
      <SubmittedPanel />
    </Suspense>
  );
}
