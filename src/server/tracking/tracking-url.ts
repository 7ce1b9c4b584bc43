import type { FastifyRequest } from "fastify";
import { msg } from "#shared/i18n/locales.ts";
import { trackingPagePath } from "#shared/tracking/tracking.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * Where the links the portal hands out start: PUBLIC_URL when it is set (config.ts), else the origin the request
 * was sent to, as the visitor typed it (protocol and host, from X-Forwarded-Proto and X-Forwarded-Host behind a
 * trusted proxy). Worked out before a report is stored, so that a Host header no URL can hold stops the submit
 * before anything is saved. Without PUBLIC_URL the Host header is the client's word; it only shapes the link
 * answered to that same client.
 */
export function linkBaseOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw new HttpError(400, msg("The request's Host header is not a valid host name."));
  }
}

export const trackingUrlOf = (linkBase: string, token: string): string => `${linkBase}${trackingPagePath(token)}`;
