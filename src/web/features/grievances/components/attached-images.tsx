import { useId, useState } from "react";
import type { GrievanceImage } from "../../../../shared/api-types.ts";
import { ImageViewer } from "./image-viewer.tsx";

/** "Attached Images": a grid of buttons, each opening the full-screen viewer; nothing when there are none. */
export function AttachedImages({ images }: { images: GrievanceImage[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const headingId = useId();
  const count = images.length;
  if (count === 0) return null;

  return (
    <section className="details__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Attached Images</h2>
      <ul className="image-grid">
        {images.map((image, index) => (
          <li key={image.url}>
            <button
              type="button"
              className="image-grid__button"
              aria-label={`View image ${index + 1} of ${count}`}
              onClick={() => setViewing(index)}
            >
              <img src={image.url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer
        image={viewing === null ? null : (images[viewing] ?? null)}
        label={viewing === null ? "" : `Image ${viewing + 1} of ${count}`}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
