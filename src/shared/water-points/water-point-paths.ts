/**
 * A water point's pages (docs/decisions/036-water-points.md): apart from page-paths.ts, which is in every page's first
 * load, since only the water point's page, its sign, a report's page and the server link to them.
 */

/** A water point's page, by its code in any case; its printable sign. */
export const waterPointPagePath = (code: string): string => `/water-points/${encodeURIComponent(code)}`;
export const waterPointSignPath = (code: string): string => `${waterPointPagePath(code)}/sign`;
/** The report form with the water point chosen: the form reads the point's code from `water_point`. */
export const reportAtWaterPointPath = (code: string): string =>
  `/submit-grievance?water_point=${encodeURIComponent(code)}`;
