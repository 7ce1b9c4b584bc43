import type { ChangeEvent } from "react";
import { MAX_IMAGES } from "../../../../shared/domain.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { IMAGE_ACCEPT } from "../../../lib/image-files.ts";
import "../../../styles/image-picker.css";

export interface ChosenImage {
  id: string;
  file: File;
  /** Object URL for the preview; revoked when the image is removed or the form goes away. */
  previewUrl: string;
}

interface ImagePickerProps {
  images: readonly ChosenImage[];
  error: string | undefined;
  disabled: boolean;
  onPick: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** The file input's id, when the page holds another form with a picker (the reporter's update form). */
  inputId?: string;
}

export const IMAGES_INPUT_ID = "report-images";

/** The specification's hint, with WebP, which is accepted too (docs/product-decisions.md, D6). */
const IMAGE_HINT = `${MESSAGES.imageHint} and WebP`;

function chosenText(count: number): string {
  if (count === 0) return "No photos chosen.";
  const left = MAX_IMAGES - count;
  return `${count} ${count === 1 ? "photo" : "photos"} chosen${left > 0 ? `, ${left} more allowed` : ""}.`;
}

export function ImagePicker({ images, error, disabled, onPick, onRemove, inputId = IMAGES_INPUT_ID }: ImagePickerProps) {
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so that picking the same file again fires another change.
    event.target.value = "";
    if (files.length > 0) onPick(files);
  };

  const countId = `${inputId}-count`;
  return (
    <div className="field field--full">
      <label htmlFor={inputId}>Upload Images (Optional)</label>
      {/* Hint and error above the control, where they are read before it (docs/accessibility.md). */}
      <p className="hint" id={hintId}>
        {IMAGE_HINT}
      </p>
      {error && (
        <p className="field-error" id={errorId} role="alert" data-testid="image-error">
          {error}
        </p>
      )}
      <input
        id={inputId}
        className="file-input"
        type="file"
        name="images"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-describedby={[hintId, error ? errorId : "", countId].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        onChange={handleChange}
      />
      {/* Our own words for what is chosen: the browser's ("No file chosen") are hidden by form.css. */}
      <p className="file-count" id={countId} data-testid="image-count">
        {chosenText(images.length)}
      </p>
      {images.length > 0 && (
        <ul className="preview-grid" aria-label="Chosen images">
          {images.map((image) => (
            <li key={image.id} className="preview">
              <img src={image.previewUrl} alt={`Preview of ${image.file.name}`} />
              <span className="preview__name">{image.file.name}</span>
              <button
                type="button"
                className="preview__remove"
                aria-label={`Remove image ${image.file.name}`}
                disabled={disabled}
                onClick={() => onRemove(image.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
