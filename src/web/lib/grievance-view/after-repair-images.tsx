import { useId } from "react";
import type { GrievanceImage } from "#shared/api-types.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { ImageGallery } from "./attached-images.tsx";

/**
 * "After the repair": the photos the crew took when they marked the job fixed through their link
 * (docs/decisions/031-technician-links.md); nothing when there are none. Below the report's own photos, loaded when
 * scrolled near.
 */
export function AfterRepairImages({ images }: { images: GrievanceImage[] | undefined }) {
  const t = useT();
  const headingId = useId();
  if (!images || images.length === 0) return null;
  return (
    <section className="details__section" aria-labelledby={headingId} data-testid="after-repair">
      <h2 id={headingId}>{t("After the repair")}</h2>
      <ImageGallery images={images} eagerCount={0} noun="photo" />
    </section>
  );
}
