import sharp, { type Sharp } from "sharp";
import { Abandoned, type Limiter } from "./concurrency-limit.ts";
import type { ImageFormat } from "./image-format.ts";
import "./sharp-settings.ts";

export const FULL_IMAGE_MAX_SIDE = 2560;
export const MEDIUM_IMAGE_MAX_SIDE = 800;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;

export interface ProcessedImage {
  /** The upload re-encoded in its own format, fitted inside 2560 px: only the viewer loads it. */
  full: Buffer;
  /** Still WebP fitted inside 800 px, for the details page's gallery on large or dense screens. */
  medium: Buffer;
  /** Still WebP cropped to 480x360, for list cards and the gallery. */
  thumbnail: Buffer;
  /** Pixel size of `full` (of one frame, for an animation), measured here rather than taken from the sender. */
  width: number;
  height: number;
}

export class ImageProcessingError extends Error {}

const FULL_FIT = {
  width: FULL_IMAGE_MAX_SIDE,
  height: FULL_IMAGE_MAX_SIDE,
  fit: "inside",
  withoutEnlargement: true,
} as const;
const MEDIUM_FIT = {
  width: MEDIUM_IMAGE_MAX_SIDE,
  height: MEDIUM_IMAGE_MAX_SIDE,
  fit: "inside",
  withoutEnlargement: true,
} as const;
const THUMBNAIL_FIT = {
  width: THUMBNAIL_WIDTH,
  height: THUMBNAIL_HEIGHT,
  fit: "cover",
  withoutEnlargement: true,
} as const;
// Covers both small versions: at least 800 px each way (unless the upload is smaller), so that a thumbnail of a
// panorama still has the height it crops from.
const SMALL_SOURCE_FIT = {
  width: MEDIUM_IMAGE_MAX_SIDE,
  height: MEDIUM_IMAGE_MAX_SIDE,
  fit: "outside",
  withoutEnlargement: true,
} as const;

/**
 * Re-encodes an upload (docs/product-decisions.md D7) into its full, medium and thumbnail versions. Nothing of the original file
 * survives: every version is encoded from decoded pixels, without metadata (EXIF, GPS, ICC, XMP). `.rotate()`
 * first bakes the EXIF orientation into the pixels, since the tag that carried it is gone. `limitInputPixels`
 * makes sharp refuse decompression bombs before decoding them.
 *
 * Two pipelines from the upright input: the full version, and pixels at about the medium size from which medium
 * and thumbnail are both made. Decoding once for all three would keep each photo's full-size pixels in memory:
 * measured with five 5 MB photos, that doubled the memory a submit takes (+350 MB instead of +180 MB) and saved no time, since the small pipeline decodes large JPEGs at a
 * quarter of their size and so costs little.
 *
 * Each of the two pipelines runs when `slot` lets it: the service's limiter, one slot per core shared by every
 * photo being processed (grievance-service.ts). Two tasks per photo rather than one balance the cores better: five
 * photos on two cores would otherwise end with one core idle while the fifth photo runs alone.
 */
export async function processImage(
  bytes: Buffer,
  format: ImageFormat,
  maxPixels: number,
  slot: Limiter = (task) => task(),
  onProcessed?: (seconds: number) => void,
): Promise<ProcessedImage> {
  try {
    // One instance per pipeline, as they may run at the same time.
    const upright = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
    const fullVersion = (await isAnimation(upright(), format))
      ? encodeAnimation(bytes, format, maxPixels)
      : encodeFull(upright().resize(FULL_FIT), format);
    const timed = timedSlot(slot);
    const [full, small] = await Promise.all([
      timed.run(() => fullVersion.toBuffer({ resolveWithObject: true })),
      timed.run(() => smallVersions(upright())),
    ]);
    onProcessed?.(timed.seconds());
    return { full: full.data, ...small, width: full.info.width, height: full.info.pageHeight ?? full.info.height };
  } catch (error) {
    if (error instanceof Abandoned) throw error;
    throw new ImageProcessingError(`Image could not be processed: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The time sharp spent on one photo (image_processing_seconds, docs/operating.md "Metrics"): both pipelines' running
 * time added up, the wait for a free slot left out, so that the figure tells how heavy the photos are rather than
 * how busy the server was.
 */
function timedSlot(slot: Limiter): { run: Limiter; seconds: () => number } {
  let nanoseconds = 0n;
  const run: Limiter = (task) =>
    slot(async () => {
      const start = process.hrtime.bigint();
      try {
        return await task();
      } finally {
        nanoseconds += process.hrtime.bigint() - start;
      }
    });
  return { run, seconds: () => Number(nanoseconds) / 1e9 };
}

/** Medium and thumbnail, both from pixels decoded at about the medium size. */
async function smallVersions(upright: Sharp): Promise<Pick<ProcessedImage, "medium" | "thumbnail">> {
  const small = await upright.resize(SMALL_SOURCE_FIT).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = small.info;
  const pixels = sharp(small.data, { raw: { width, height, channels } });
  const [medium, thumbnail] = await Promise.all([
    // effort 2 of 6 (the default is 4): less than half the encoding time (80 to 35 ms for the medium version of a
    // 12-megapixel photo) for files a few percent larger.
    pixels.clone().resize(MEDIUM_FIT).webp({ quality: 75, effort: 2 }).toBuffer(),
    // A card shows a still picture, and a still WebP stays a few tens of kB.
    pixels.clone().resize(THUMBNAIL_FIT).webp({ quality: 70, effort: 2 }).toBuffer(),
  ]);
  return { medium, thumbnail };
}

function encodeFull(image: Sharp, format: ImageFormat): Sharp {
  switch (format.mime) {
    case "image/jpeg":
      // mozjpeg's trellis quantisation and scan search would make the file about 15 % smaller for five to seven times
      // the CPU (seconds for one large photo); only the viewer loads this file, the pages show the WebP versions.
      // Not progressive: that encoding took 100 of the 180 ms this one costs for a 12-megapixel photo, and the
      // viewer shows the medium version under it while it loads (image-viewer.tsx).
      return image.jpeg({ quality: 82, optimiseCoding: true, quantisationTable: 3 });
    case "image/png":
      return image.png({ compressionLevel: 9 });
    case "image/webp":
      return image.webp({ quality: 82 });
    case "image/gif":
      return image.gif();
  }
}

/** GIF and WebP may hold several frames; the other formats hold one. */
async function isAnimation(image: Sharp, format: ImageFormat): Promise<boolean> {
  if (format.mime !== "image/gif" && format.mime !== "image/webp") return false;
  return ((await image.metadata()).pages ?? 1) > 1;
}

/** An animation keeps its frames in the full version; the small versions show its first frame. */
function encodeAnimation(bytes: Buffer, format: ImageFormat, maxPixels: number): Sharp {
  const frames = sharp(bytes, { limitInputPixels: maxPixels, animated: true, failOn: "error" })
    .rotate()
    .resize(FULL_FIT);
  return format.mime === "image/gif" ? frames.gif() : frames.webp({ quality: 82 });
}
