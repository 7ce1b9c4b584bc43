import { ACCEPTED_IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type AcceptedImageMimeType } from "#shared/domain.ts";

/** The value of the file input's accept attribute. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_MIME_TYPES.join(",");

/** Recognises JPEG, PNG, GIF and WebP from the first bytes of the file (docs/product-decisions.md D6); the server checks again. */
export async function sniffImageType(file: Blob): Promise<AcceptedImageMimeType | null> {
  const bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return "image/gif";
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return "image/webp";
  }
  return null;
}

/** True when the file is an accepted image by content and at most 5 MB. */
export async function isAcceptableImage(file: File): Promise<boolean> {
  if (file.size === 0 || file.size > MAX_IMAGE_BYTES) return false;
  try {
    return (await sniffImageType(file)) !== null;
  } catch {
    return false;
  }
}
