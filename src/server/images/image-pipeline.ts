import sharp from "sharp";
import type { ImageFormat } from "./image-format.ts";

export const FULL_IMAGE_MAX_SIDE = 2560;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;

export interface ProcessedImage {
  full: Buffer;
  thumbnail: Buffer;
}

export class ImageProcessingError extends Error {}

/**
 * Re-encodes an upload (DESIGN.md D7). Nothing of the original file survives: sharp drops all metadata
 * (EXIF, GPS, ICC, XMP) unless asked to keep it, and we never ask. `.rotate()` first bakes the EXIF
 * orientation into the pixels, since the tag that carried it is dropped. `limitInputPixels` makes sharp refuse
 * decompression bombs before decoding them.
 */
export async function processImage(bytes: Buffer, format: ImageFormat, maxPixels: number): Promise<ProcessedImage> {
  try {
    const [full, thumbnail] = await Promise.all([encodeFull(bytes, format, maxPixels), encodeThumbnail(bytes, maxPixels)]);
    return { full, thumbnail };
  } catch (error) {
    throw new ImageProcessingError(`Image could not be processed: ${(error as Error).message}`, { cause: error });
  }
}

function encodeFull(bytes: Buffer, format: ImageFormat, maxPixels: number): Promise<Buffer> {
  // Animated GIF and WebP keep their frames; the other formats have a single one.
  const animated = format.mime === "image/gif" || format.mime === "image/webp";
  const image = sharp(bytes, { limitInputPixels: maxPixels, animated, failOn: "error" })
    .rotate()
    .resize({ width: FULL_IMAGE_MAX_SIDE, height: FULL_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true });
  switch (format.mime) {
    case "image/jpeg":
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case "image/png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "image/webp":
      return image.webp({ quality: 82 }).toBuffer();
    case "image/gif":
      return image.gif().toBuffer();
  }
}

function encodeThumbnail(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  // First frame only: a card shows a still picture, and a still WebP stays a few tens of kB.
  return sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, fit: "cover", withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}
