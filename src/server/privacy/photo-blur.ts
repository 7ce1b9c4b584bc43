import sharp from "sharp";
import type { BlurRequest } from "#shared/privacy/personal-data.ts";
import "../images/sharp-settings.ts";

/**
 * A region of a photo made unrecognisable (a face, a number plate; docs/decisions/043): the region is cut out,
 * shrunk to a few pixels and blown up again (pixelated, so no deblurring filter brings it back), then laid over the
 * photo. The result keeps the photo's format (a GIF's first frame becomes a PNG), at a quality high enough that the
 * report's pipeline, which then re-encodes it like any upload, loses little.
 */
export async function blurRegion(bytes: Buffer, region: BlurRequest, maxPixels: number): Promise<Buffer> {
  const upright = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const left = Math.min(width - 1, Math.floor(region.x * width));
  const top = Math.min(height - 1, Math.floor(region.y * height));
  const boxWidth = Math.max(1, Math.min(width - left, Math.ceil(region.width * width)));
  const boxHeight = Math.max(1, Math.min(height - top, Math.ceil(region.height * height)));
  // About eight blocks across the shorter side of the region: enough to hide a face or a plate at any size.
  const block = Math.max(1, Math.round(Math.min(boxWidth, boxHeight) / 8));
  const tiny = await sharp(upright.data)
    .extract({ left, top, width: boxWidth, height: boxHeight })
    .resize(Math.max(1, Math.round(boxWidth / block)), Math.max(1, Math.round(boxHeight / block)), { fit: "fill" })
    .blur(0.6)
    .toBuffer();
  const pixelated = await sharp(tiny).resize(boxWidth, boxHeight, { fit: "fill", kernel: "nearest" }).png().toBuffer();
  const result = sharp(upright.data).composite([{ input: pixelated, left, top }]);
  const { format } = await sharp(bytes).metadata();
  if (format === "jpeg") return result.jpeg({ quality: 95 }).toBuffer();
  if (format === "webp") return result.webp({ quality: 95 }).toBuffer();
  return result.png().toBuffer();
}
