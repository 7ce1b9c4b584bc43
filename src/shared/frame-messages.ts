import { msg } from "./i18n/locales.ts";

/**
 * The specification's texts that the browser's first load shows (the error screens, and the API client's own
 * message when the portal cannot be reached, which the landing page's newest reports may show), apart from MESSAGES
 * so that the first load carries these and not every message (docs/decisions/012-a-light-first-load.md). MESSAGES
 * holds them too.
 */
export const FRAME_MESSAGES = {
  unexpectedError: msg("Unexpected Application Error!"),
  pageNotFound: msg("Page not found"),
  networkFailed: msg("The portal could not be reached. Check your connection and try again."),
} as const;
