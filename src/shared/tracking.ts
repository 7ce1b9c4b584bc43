import type { PublicGrievance } from "./api-types.ts";
import type { FixedQuestion, ReporterUpdateView } from "./reporter-actions.ts";
import type { ProgressEntry } from "./staff-api.ts";

/**
 * The reporter's private tracking link (issue 8, docs/decisions/013-reference-and-tracking-token.md): /track/<token>,
 * where the token is 24 random bytes in base64url (192 bits). The server keeps only its SHA-256.
 */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const isTrackingToken = (text: string): boolean => TRACKING_TOKEN_PATTERN.test(text);

/** The tracking page's path; the server puts it after PUBLIC_URL (or the request's origin) in `trackingUrl`. */
export const trackingPagePath = (token: string): string => `/track/${encodeURIComponent(token)}`;

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

/** The 201 answer of POST /api/grievances: the public view, plus the reporter's private link. */
export interface SubmittedGrievance extends PublicGrievance {
  /** Absolute: PUBLIC_URL, or the origin the report was sent to, then /track/<token>. */
  trackingUrl: string;
}

/**
 * GET /api/track/:token: what the reporter sees of their own report. An object of parts, so that what the reporter
 * may do next (add an update, answer "Is it fixed?") can join it without changing what is there.
 */
export interface TrackedGrievance {
  /** Contact details in full: only the reporter holds the link. */
  grievance: PublicGrievance;
  /** The public timeline, as GET /api/grievances/:id/progress gives it. */
  timeline: ProgressEntry[];
  /** The reporter's visible updates, oldest first (also in the timeline); hidden ones are gone, as for everyone. */
  updates: ReporterUpdateView[];
  /** Whether "Is it fixed?" may be answered now (docs/decisions/015-reporter-actions.md). */
  fixedQuestion: FixedQuestion;
}

export const TRACKING_MESSAGES = {
  // The same for an unknown, malformed or hidden report's link: it must not tell whether a report exists.
  notFound: "No report was found for this link. Check that the whole link was copied.",
  tooManyReads: "Too many requests from your connection. Please wait a minute and try again.",
} as const;
