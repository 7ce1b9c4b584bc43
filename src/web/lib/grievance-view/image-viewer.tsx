import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from "react";
import type { GrievanceImage } from "#shared/api-types.ts";
import { useT } from "../i18n/i18n-context.tsx";
import "#web/styles/image-viewer.css";

/** The names of the viewer's controls, for the gallery's noun ("Next image", "Next photo"): already translated. */
export interface ViewerNames {
  /** "Image 2 of 3": the dialog's name and the image's alt text. */
  label: string;
  previous: string;
  next: string;
}

interface ImageViewerProps {
  images: readonly GrievanceImage[];
  /** The photo shown; null when the viewer is closed. */
  index: number | null;
  names: ViewerNames;
  /** Show another photo (the buttons, the arrow keys, a swipe). */
  onStep: (index: number) => void;
  onClose: () => void;
}

/** How far a finger (or a pointer) must move sideways, mostly sideways, to count as a swipe. */
const SWIPE_PX = 40;

/**
 * The box the full image will fill, known before it arrives (from the size the server measured), so that a slow
 * download shows its frame at once instead of an empty screen that jumps; older reports have no size.
 */
function boxOf({ width, height, mediumUrl }: GrievanceImage) {
  if (!width || !height) return { className: "image-viewer__image" };
  return {
    className: "image-viewer__image image-viewer__image--sized",
    width,
    height,
    style: {
      "--image-width": `${width}px`,
      "--image-ratio": width / height,
      // The medium version, which the gallery has usually loaded already, stands in while the full image arrives
      // (it is encoded as a plain, not progressive, JPEG: image-pipeline.ts).
      ...(mediumUrl ? { "--image-preview": `url("${mediumUrl}")` } : {}),
    } as CSSProperties,
  };
}

/** Forward in reading order: to the right in English, to the left in Arabic. */
const isRightToLeft = () => document.documentElement.dir === "rtl";

/**
 * Full-screen image viewer on the native <dialog> (modal: focus is trapped, the page behind is inert). With more
 * than one photo it steps between them, round and round: the Previous and Next buttons, the arrow keys (Home and
 * End for the first and the last), or a swipe; "2 of 3" says where the visitor is, and is announced as it changes.
 * Closed by the close button, a click outside the image, or Escape; the opener gets focus back.
 */
export function ImageViewer({ images, index, names, onStep, onClose }: ImageViewerProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  // A swipe ends with a click where the finger left: it must not count as a click outside the image.
  const swiped = useRef(false);
  const open = index !== null;
  const count = images.length;
  const image = index === null ? null : (images[index] ?? null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
      openerRef.current = null;
    }
  }, [open]);

  const step = (by: number) => {
    if (index !== null && count > 1) onStep((index + by + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (count < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    const forward = isRightToLeft() ? "ArrowLeft" : "ArrowRight";
    const backward = isRightToLeft() ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) step(1);
    else if (event.key === backward) step(-1);
    else if (event.key === "Home") onStep(0);
    else if (event.key === "End") onStep(count - 1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    swiped.current = false;
    if (event.isPrimary) swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDialogElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    // A finger moving left brings the next photo in from the right (the other way round in Arabic).
    step(dx < 0 !== isRightToLeft() ? 1 : -1);
  };

  return (
    <dialog
      ref={dialogRef}
      className="image-viewer"
      aria-label={t("Image viewer: {label}", { label: names.label })}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
      onClick={(event) => {
        if (swiped.current) {
          swiped.current = false;
          return;
        }
        // Anything but the picture itself and the viewer's controls counts as "outside".
        if (!(event.target instanceof HTMLImageElement) && !(event.target as Element).closest?.("button")) onClose();
      }}
    >
      {image && index !== null && (
        <div className="image-viewer__frame">
          <button
            ref={closeRef}
            type="button"
            className="image-viewer__close"
            aria-label={t("Close image viewer")}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
          <img key={image.url} src={image.url} alt={names.label} draggable={false} {...boxOf(image)} />
          {count > 1 && (
            <div className="image-viewer__steps">
              <button
                type="button"
                className="image-viewer__step image-viewer__step--previous"
                aria-label={names.previous}
                onClick={() => step(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <p className="image-viewer__count" aria-live="polite" data-testid="image-viewer-count">
                {t("{number} of {count}", { number: index + 1, count })}
              </p>
              <button
                type="button"
                className="image-viewer__step image-viewer__step--next"
                aria-label={names.next}
                onClick={() => step(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
