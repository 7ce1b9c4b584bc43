import { FIELD_LIMITS, MAX_IMAGE_BYTES, MAX_IMAGES } from "#shared/domain.ts";

/**
 * How much of a report upload the server is willing to read. Everything a multipart body can hold is bounded
 * here, so nobody can make the server read (or hold) more than one honest report needs.
 */

// Enough for the longest description (5,000 characters of up to 4 bytes each) with room to spare; anything cut
// at this size is over its field's limit anyway and fails validation with that field's message.
export const MAX_FIELD_BYTES = FIELD_LIMITS.description * 4 + 1024;

// The form sends 7 fields; the rest is room for what a browser adds, never enough to matter.
const MAX_FIELDS = 20;

// Part headers, boundaries and the form's text fields: a few kilobytes in practice, a megabyte allowed.
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The whole request body: every allowed image at its largest, plus the form around them. */
export const MAX_UPLOAD_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;

/** @fastify/multipart's (busboy's) per-part limits. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  // One more than allowed, so a sixth file is seen and answered with the "at most 5" message.
  files: MAX_IMAGES + 1,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  // Fields and files together, plus a few nameless parts (skipped, but counted).
  parts: 40,
  headerPairs: 100,
} as const;
