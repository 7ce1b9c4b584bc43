import { msg } from "./i18n/locales.ts";

/**
 * The specification's texts that the browser's first load shows (the error screens), apart from MESSAGES so that
 * the first load carries these two and not every message (docs/decisions/012-a-light-first-load.md). MESSAGES
 * holds them too.
 */
export const FRAME_MESSAGES = {
  unexpectedError: msg("Unexpected Application Error!"),
  pageNotFound: msg("Page not found"),
} as const;
