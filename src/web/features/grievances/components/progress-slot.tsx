import type { PublicGrievance } from "../../../../shared/api-types.ts";

/**
 * SLOT: the public "Progress" timeline (DESIGN.md D11: staff status changes with public notes) goes here.
 * It renders nothing until the API exposes the timeline; the details page already places it between the
 * description and the attached images.
 */
export function GrievanceProgressSlot(_props: { grievance: PublicGrievance }) {
  return null;
}
