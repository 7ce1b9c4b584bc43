import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_IMAGES } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { isAcceptableImage } from "../image-files.ts";
import type { ChosenImage } from "./image-picker.tsx";

let nextImageId = 0;

/**
 * The photos chosen in an ImagePicker: checked by content and size as they are picked (the server checks again),
 * at most MAX_IMAGES, with the picker's messages, and their previews' object URLs freed when removed, cleared or
 * when the form goes away. Shared by the report form and the reporter's update form, so both behave and word
 * things alike. `onChange` runs whenever the chosen set changes.
 */
export function useChosenImages(onChange?: () => void) {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [error, setError] = useState<string | undefined>();
  const liveUrls = useRef(new Set<string>());

  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const pick = async (files: File[]) => {
    const checks = await Promise.all(files.map((file) => isAcceptableImage(file)));
    if (checks.some((ok) => !ok)) {
      setError(MESSAGES.filesRejected);
      return;
    }
    if (images.length + files.length > MAX_IMAGES) {
      setError(MESSAGES.tooManyImages);
      return;
    }
    const added = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      liveUrls.current.add(previewUrl);
      nextImageId += 1;
      return { id: `image-${nextImageId}`, file, previewUrl };
    });
    onChange?.();
    setImages((prev) => [...prev, ...added]);
    setError(undefined);
  };

  const remove = (id: string) => {
    const image = images.find((candidate) => candidate.id === id);
    if (image) {
      URL.revokeObjectURL(image.previewUrl);
      liveUrls.current.delete(image.previewUrl);
    }
    onChange?.();
    setImages((prev) => prev.filter((candidate) => candidate.id !== id));
    setError(undefined);
  };

  /** After a successful send: no photo chosen any more. */
  const clear = useCallback(() => {
    for (const url of liveUrls.current) URL.revokeObjectURL(url);
    liveUrls.current.clear();
    setImages([]);
    setError(undefined);
  }, []);

  return { images, error, setError, pick, remove, clear };
}
