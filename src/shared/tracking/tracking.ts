import type { z } from "zod/mini";
import type { submittedGrievanceSchema } from "../api-schemas/grievances.ts";
import type { trackedGrievanceSchema } from "../api-schemas/progress.ts";
import { msg } from "../i18n/locales.ts";

/**
 * The reporter's private tracking link (docs/decisions/013-reference-and-tracking-token.md): /track/<token>,
 * where the token is 24 random bytes in base64url (192 bits). The server keeps only its SHA-256.
 */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const isTrackingToken = (text: string): boolean => TRACKING_TOKEN_PATTERN.test(text);

export { trackingPagePath } from "../page-paths.ts";

/**
 * The token of a tracking link, absolute or a path; undefined when it is not one. The path may start with the one
 * of PUBLIC_URL (a portal served under /portal has /portal/track/<token>).
 */
export function trackingTokenOf(link: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(link, "http://localhost").pathname;
  } catch {
    return undefined;
  }
  const token = /\/track\/([^/]+)$/.exec(pathname)?.[1];
  return token && isTrackingToken(token) ? token : undefined;
}

/** The 201 answer of POST /api/grievances: the public view, plus the reporter's private link (absolute). */
export type SubmittedGrievance = z.output<typeof submittedGrievanceSchema>;

/**
 * GET /api/track/:token: what the reporter sees of their own report, contact details in full, with its public
 * timeline, visible updates and whether "Is it fixed?" may be answered now (docs/decisions/015-reporter-actions.md).
 */
export type TrackedGrievance = z.output<typeof trackedGrievanceSchema>;

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const TRACKING_MESSAGES = {
  // The same for an unknown, malformed or hidden report's link: it must not tell whether a report exists.
  notFound: msg("No report was found for this link. Check that the whole link was copied."),
  tooManyReads: msg("Too many private links opened from your connection. Please wait a minute and try again."),
} as const;
