import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/domain.ts";
import { isMapView, listQueryFromSearchParams } from "#shared/grievances/list-page-query.ts";
import { gallerySources } from "#shared/grievances/report-photos.ts";
import type { GrievanceRepository } from "./grievance-repository.ts";
import { withTimeout } from "../db/with-timeout.ts";
import { decodeCursor } from "./list-cursor.ts";
import { toImageView } from "./public-grievance.ts";

/**
 * How long a page's HTML waits for its photo: a preload that comes later than the page's own script is worth
 * nothing, and a frozen database must not hold every list and report page for its statement timeout.
 */
export const PAGE_PHOTO_WAIT_MS = 300;

/** A photo as a preload names it: the image's address, and its sources and sizes when the page's <img> has them. */
export interface PagePhoto {
  href: string;
  srcset?: string;
  sizes?: string;
}

/**
 * The photo that is a public page's largest paint, found from the data the page's loader will show, so the page's
 * HTML can name it (docs/decisions/012-a-light-first-load.md): the list's first report's thumbnail (its card's
 * `src`, grievance-card.tsx) and a report's first photo in its gallery (`src`, `srcset` and `sizes`,
 * attached-images.tsx). Without it the browser learns of the photo only once the entry script, the route's chunk and
 * the API answer have arrived and the list has rendered.
 *
 * The list is read as its loader reads the address (shared/grievances/list-page-query.ts), filters and page included, so a
 * filtered list names its own first photo. It is the same first-page query the API answers (an index walk of one
 * page); a word search, the costly path, is not run twice for it: that page names no photo. The map view shows no
 * thumbnails. Nothing is named when the database cannot answer: the page itself says so once its script runs.
 */
export function pagePhotoFinder(repository: GrievanceRepository) {
  const firstListPhoto = async (search: string): Promise<PagePhoto | undefined> => {
    const params = new URLSearchParams(search);
    if (isMapView(params)) return undefined;
    const { q, page = 1, cursor: token, ...fields } = listQueryFromSearchParams(params);
    if (q) return undefined;
    const cursor = token === undefined ? undefined : decodeCursor(token);
    // A damaged cursor: the API refuses it, and the page shows that.
    if (token !== undefined && !cursor) return undefined;
    const { rows } = await repository.list(fields, { page, pageSize: DEFAULT_PAGE_SIZE, cursor });
    const image = rows[0]?.images[0];
    return image && { href: toImageView(image, IMAGE_URL_PREFIX).thumbnailUrl };
  };

  const firstReportPhoto = async (id: string): Promise<PagePhoto | undefined> => {
    const image = (await repository.findById(id))?.images[0];
    if (!image) return undefined;
    const { src, srcSet, sizes } = gallerySources(toImageView(image, IMAGE_URL_PREFIX));
    return { href: src, ...(srcSet && { srcset: srcSet }), ...(sizes && { sizes }) };
  };

  const find = (pathname: string, search: string): Promise<PagePhoto | undefined> => {
    if (pathname === "/grievances") return firstListPhoto(search);
    const report = /^\/grievance\/([^/]+)$/.exec(pathname)?.[1];
    return report === undefined ? Promise.resolve(undefined) : firstReportPhoto(report);
  };

  return async (pathname: string, search: string): Promise<PagePhoto | undefined> => {
    try {
      return await withTimeout(find(pathname, search), PAGE_PHOTO_WAIT_MS);
    } catch {
      // The database is unavailable, frozen or slow: the page goes out without the photo's name.
      return undefined;
    }
  };
}

export type PagePhotoFinder = ReturnType<typeof pagePhotoFinder>;
