import type { PublicGrievance } from "#shared/api-types.ts";
import { ProgressTimeline } from "./progress-timeline.tsx";

/**
 * The public "Progress" timeline (docs/product-decisions.md D11), between the description and the attached images. It loads
 * on its own, so a failure there leaves the rest of the details page working.
 */
export function GrievanceProgressSlot({ grievance }: { grievance: PublicGrievance }) {
  return <ProgressTimeline grievanceId={grievance.id} />;
}
