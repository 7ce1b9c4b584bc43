import { FRAME_MESSAGES } from "#shared/frame-messages.ts";
import { translateText } from "./i18n/translate-text.ts";

// Apart from this module so that the error screens, which are in the first load, need neither this fetch wrapper nor
// MESSAGES (docs/decisions/012-a-light-first-load.md).
export { ApiRequestError, supportReferenceOf } from "./api-request-error.ts";
// The fetch wrapper is a module of its own so that a page's loader can do without errorMessageOf's translation.
export { apiFetch } from "./api-fetch.ts";

/**
 * The visitor-facing message of anything thrown by an API call, in the active language: the server's is already in
 * it, and the app's own English ones are looked up in the catalogue.
 */
export function errorMessageOf(error: unknown): string {
  return translateText(error instanceof Error && error.message ? error.message : FRAME_MESSAGES.networkFailed);
}
