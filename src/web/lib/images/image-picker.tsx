import type { ChangeEvent } from "react";
import { MAX_IMAGES } from "#shared/domain.ts";
import { translateText } from "../i18n/translate-text.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { IMAGE_ACCEPT } from "../image-files.ts";
import { describedBy, errorIdOf, FieldError, fieldControlProps } from "../form-field.tsx";
import "#web/styles/image-picker.css";

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

/**
 * What is chosen so far: "No photos chosen.", "1 photo chosen, 4 more allowed.", "5 photos chosen.". One message
 * per case, each with its plural, so that every language can word the count its own way.
 */
function chosenText(t: ReturnType<typeof useT>, count: number): string {
  if (count === 0) return t("No photos chosen.");
  const left = MAX_IMAGES - count;
  if (left <= 0) return t("{count, plural, one {# photo chosen.} other {# photos chosen.}}", { count });
  return t(
    "{count, plural, one {# photo chosen} other {# photos chosen}}, {left, plural, one {# more allowed.} other {# more allowed.}}",
    {
      count,
      left,
    },
  );
}

export function ImagePicker({
  images,
  error,
  disabled,
  onPick,
  onRemove,
  inputId = IMAGES_INPUT_ID,
}: ImagePickerProps) {
  const t = useT();
  const hintId = `${inputId}-hint`;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so that picking the same file again fires another change.
    event.target.value = "";
    if (files.length > 0) onPick(files);
  };

  const countId = `${inputId}-count`;
  // The picker's own checks keep English message ids; the server's refusals come translated already.
  const shownError = error ? translateText(error) : undefined;
  const control = fieldControlProps({ id: inputId, error: shownError, describedBy: [hintId] });
  return (
    <div className="field field--full">
      <label htmlFor={inputId}>{t("Upload Images (Optional)")}</label>
      {/* Hint and error above the control, where they are read before it (docs/accessibility.md). */}
      {/* The specification's hint, with WebP, which is accepted too (docs/product-decisions.md, D6). */}
      <p className="hint" id={hintId}>
        {t("Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF and WebP")}
      </p>
      <FieldError id={errorIdOf(inputId)} announce testId="image-error">
        {shownError}
      </FieldError>
      <input
        {...control}
        className="file-input"
        type="file"
        name="images"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        // The count is read last: after the error, as before.
        aria-describedby={describedBy(control["aria-describedby"], countId)}
        onChange={handleChange}
      />
      {/* The button people see, in the page's language: the browser's own says "Choose Files" in the browser's
          language. The input keeps the focus and the name; this second label only opens it when pressed. */}
      <label htmlFor={inputId} className="file-input__button" aria-hidden="true">
        {t("Choose photos")}
      </label>
      {/* Our own words for what is chosen, for the same reason. */}
      <p className="file-count" id={countId} data-testid="image-count">
        {chosenText(t, images.length)}
      </p>
      {images.length > 0 && (
        <ul className="preview-grid" aria-label={t("Chosen images")}>
          {images.map((image) => (
            <li key={image.id} className="preview">
              <img src={image.previewUrl} alt={t("Preview of {name}", { name: image.file.name })} />
              <span className="preview__name">{image.file.name}</span>
              <button
                type="button"
                className="preview__remove"
                aria-label={t("Remove image {name}", { name: image.file.name })}
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
