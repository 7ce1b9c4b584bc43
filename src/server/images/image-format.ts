import { fileTypeFromBuffer } from "file-type";
import { ACCEPTED_IMAGE_MIME_TYPES, type AcceptedImageMimeType } from "#shared/domain.ts";
import type { ImageExtension } from "../storage/object-key.ts";

export interface ImageFormat {
  mime: AcceptedImageMimeType;
  extension: ImageExtension;
}

const EXTENSION_OF: Record<AcceptedImageMimeType, ImageExtension> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

/**
 * The format from the file's own bytes (docs/product-decisions.md D6): the name and the declared type are the sender's claims.
 * undefined for anything that is not one of the accepted formats (SVG has no magic bytes and lands here too).
 */
export async function detectImageFormat(bytes: Buffer): Promise<ImageFormat | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as AcceptedImageMimeType | undefined;
  if (!mime || !ACCEPTED_IMAGE_MIME_TYPES.includes(mime)) return undefined;
  return { mime, extension: EXTENSION_OF[mime] };
}
