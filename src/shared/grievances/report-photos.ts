import type { GrievanceImage } from "../api-types.ts";

// Widths of the versions the server makes (src/server/images/image-pipeline.ts): the thumbnail is cropped to
// 480x360, the medium version fitted inside 800 px.
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;
const MEDIUM_WIDTH = 800;

// A grid cell's width (grievances.css, responsive.css): two columns on a phone, less the page's and the card's
// padding and the gap; else four columns of about 184 px in the 820 px details page.
const CELL_SIZES = "(max-width: 600px) calc(50vw - 2.5rem), 184px";

/**
 * Where a report's photo in its gallery comes from: the thumbnail, or the medium version where the cell needs more
 * pixels than the thumbnail has (large or dense screens); never the full image, which only the viewer loads. Older
 * reports have no medium version. Shared by the gallery and by the preload the server names in the report's page
 * (src/server/grievances/page-photo.ts), which the browser only reuses when it names the very same sources.
 */
export function gallerySources(image: GrievanceImage): { src: string; srcSet?: string; sizes?: string } {
  if (!image.mediumUrl) return { src: image.thumbnailUrl };
  return {
    src: image.thumbnailUrl,
    srcSet: `${image.thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${image.mediumUrl} ${MEDIUM_WIDTH}w`,
    sizes: CELL_SIZES,
  };
}
