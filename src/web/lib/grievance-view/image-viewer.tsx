import { useEffect, useRef, type CSSProperties } from "react";
import type { GrievanceImage } from "#shared/api-types.ts";
import { useT } from "../i18n/i18n-context.tsx";

interface ImageViewerProps {
  image: GrievanceImage | null;
  /** "Image 2 of 3", used for the dialog's name and the image's alt text. */
  label: string;
  onClose: () => void;
}

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

/**
 * Full-screen image viewer on the native <dialog> (modal: focus is trapped, the page behind is inert).
 * Closed by the close button, a click outside the image, or Escape; the opener gets focus back.
 */
export function ImageViewer({ image, label, onClose }: ImageViewerProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const open = image !== null;

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

  return (
    <dialog
      ref={dialogRef}
      className="image-viewer"
      aria-label={t("Image viewer: {label}", { label })}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // Anything but the picture itself (and the close button) counts as "outside".
        if (!(event.target instanceof HTMLImageElement)) onClose();
      }}
    >
      {image && (
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
          <img src={image.url} alt={label} {...boxOf(image)} />
        </div>
      )}
    </dialog>
  );
}
