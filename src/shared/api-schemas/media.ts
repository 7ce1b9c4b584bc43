import { z } from "zod/mini";

/**
 * An answer that is not JSON (a page, an image, a feed): documented with its media type, sent as it is. The
 * serialiser leaves a string or stream with its own content type alone, so this only describes it.
 */
export function nonJsonAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** An answer without a body (204): documented with no content at all, not as an empty text. */
export function noContent(description: string) {
  return z.null().check(z.describe(description));
}
