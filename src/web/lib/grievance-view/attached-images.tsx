import { lazy, Suspense, useId, useState } from "react";
import type { GrievanceImage } from "#shared/api-types.ts";
import { msg } from "#shared/i18n/locales.ts";
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, gallerySources } from "#shared/grievances/report-photos.ts";
import { useT } from "../i18n/i18n-context.tsx";

// The viewer's code and stylesheet come with the first photo opened: most visits to a page with photos open none
// (docs/decisions/012-a-light-first-load.md).
const ImageViewer = lazy(async () => ({ default: (await import("./image-viewer.tsx")).ImageViewer }));

// The first row of the grid on a phone, in the first screenful under the report's title: loaded at once (the first
// photo is often the page's largest paint), the rest when scrolled near.
const FIRST_ROW = 2;

// The button's and the viewer's names for each noun, whole sentences so that each language words them its own way.
const NAMES = {
  image: {
    button: msg("View image {number} of {count}"),
    viewer: msg("Image {number} of {count}"),
    previous: msg("Previous image"),
    next: msg("Next image"),
  },
  photo: {
    button: msg("View photo {number} of {count}"),
    viewer: msg("Photo {number} of {count}"),
    previous: msg("Previous photo"),
    next: msg("Next photo"),
  },
} as const;

/** The thumbnail, or the medium version where the cell needs more pixels (shared/grievances/report-photos.ts). */
function GalleryImage({ image, index, eagerCount }: { image: GrievanceImage; index: number; eagerCount: number }) {
  return (
    <img
      {...gallerySources(image)}
      alt=""
      loading={index < eagerCount ? "eager" : "lazy"}
      fetchPriority={index === 0 && eagerCount > 0 ? "high" : undefined}
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
    />
  );
}

interface ImageGalleryProps {
  images: GrievanceImage[];
  /** How many load at once rather than when scrolled near: the first row where the gallery is high on the page. */
  eagerCount?: number;
  /** Names the photos for buttons and viewer: "image" gives "View image 1 of 3" and "Image 1 of 3". */
  noun?: keyof typeof NAMES;
  className?: string;
}

/**
 * A grid of thumbnails, each a button opening the full-screen viewer, which steps on to the others: the report's
 * "Attached Images", and the photos of an update from the reporter in the timeline
 * (docs/decisions/015-reporter-actions.md).
 */
export function ImageGallery({
  images,
  eagerCount = FIRST_ROW,
  noun = "image",
  className = "image-grid",
}: ImageGalleryProps) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  // Kept once opened, so that closing it is the viewer's own step (focus back on the opener).
  const [opened, setOpened] = useState(false);
  const count = images.length;
  const names = NAMES[noun];
  return (
    <>
      <ul className={className}>
        {images.map((image, index) => (
          <li key={image.url}>
            <button
              type="button"
              className="image-grid__button"
              aria-label={t(names.button, { number: index + 1, count })}
              onClick={() => {
                setOpened(true);
                setViewing(index);
              }}
            >
              <GalleryImage image={image} index={index} eagerCount={eagerCount} />
            </button>
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            index={viewing}
            names={{
              label: viewing === null ? "" : t(names.viewer, { number: viewing + 1, count }),
              previous: t(names.previous),
              next: t(names.next),
            }}
            onStep={setViewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Attached Images": the report's photos; nothing when there are none. */
export function AttachedImages({ images }: { images: GrievanceImage[] }) {
  const t = useT();
  const headingId = useId();
  if (images.length === 0) return null;

  return (
    <section className="details__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Attached Images")}</h2>
      <ImageGallery images={images} />
    </section>
  );
}
