/**
 * Domain constants of the specification (§3, §4, §9). Both the browser and the server import these,
 * so a limit or a timing is defined exactly once.
 */

/**
 * A category's key, as a report stores it. Categories are data (migration 016, which seeds the specification's seven,
 * keyed by their names; docs/decisions/017): GET /api/categories lists them.
 */
export type Category = string;

export const PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = "medium";

export const STATUSES = ["pending", "in-progress", "resolved"] as const;
export type Status = (typeof STATUSES)[number];
export const NEW_GRIEVANCE_STATUS: Status = "pending";

/** Name of the image bucket (specification §3); kept as the folder or S3 bucket name. */
export const IMAGE_BUCKET = "grievance-images";

export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5_242_880;
/** Image formats we accept, recognised from the file's bytes (docs/product-decisions.md D6). */
export const ACCEPTED_IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type AcceptedImageMimeType = (typeof ACCEPTED_IMAGE_MIME_TYPES)[number];

export const DESCRIPTION_PREVIEW_LENGTH = 100;
export const REDIRECT_AFTER_SUBMIT_MS = 2_000;
export const STORAGE_READY_MESSAGE_MS = 3_000;

export const DATE_FORMAT = "MMM dd, yyyy";
export const DATE_TIME_FORMAT = "MMM dd, yyyy HH:mm";

/** Maximum lengths: the specification sets none; these keep rows sane without getting in a reporter's way. */
export const FIELD_LIMITS = {
  title: 200,
  description: 5_000,
  location: 300,
  email: 254,
  phone: 32,
  search: 200,
} as const;

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
