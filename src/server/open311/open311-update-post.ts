import { z } from "zod";
import { REFERENCE_PATTERN } from "#shared/grievances/reference.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { recordReporterUpdate } from "../tracking/reporter-workflow.ts";
import type { VerifiedApiKey } from "./open311-api-key.ts";
import { findVisibleGrievanceId } from "./open311-repository.ts";

/**
 * A comment posted to a report through mySociety's extension (`POST servicerequestupdates.xml`, FixMyStreet's
 * Open311::post_service_request_update). FixMyStreet fetches the utility's updates only for a body that also sends
 * its residents' comments, so it posts each public comment made on its page of a report it sent here.
 */
export const open311UpdatePostSchema = z.object({
  api_key: z.string().max(200).optional(),
  jurisdiction_id: z.string().max(100).optional(),
  service_request_id: z.string().max(100).optional(),
  description: z.string().max(20_000).optional(),
  // FixMyStreet's own state of the report after the comment (OPEN, FIXED, …). Read, never applied: whether a report
  // is fixed is the utility's call, and its reporter's "Is it fixed?" answer on their tracking page.
  status: z.string().max(40).optional(),
  updated_datetime: z.string().max(40).optional(),
  // The client's id of its comment; the answer gives the portal's.
  update_id: z.string().max(100).optional(),
  service_code: z.string().max(64).optional(),
  // Who wrote it, and how to reach them: not kept (the comment is public, its author is the client's business).
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  email: z.string().max(1_000).optional(),
  phone: z.string().max(200).optional(),
  media_url: z.union([z.string().max(2_000), z.array(z.string().max(2_000)).max(20)]).optional(),
});
export type Open311UpdatePost = z.output<typeof open311UpdatePostSchema>;

/** reporter_updates.body's own limit (migration 011). */
const UPDATE_LENGTH = 2_000;

/**
 * Keeps the comment as an update on the report, like one its reporter adds from the tracking page: public on the
 * report's timeline, moderated by staff the same way, within the same per-report daily limit. Returns its id.
 */
export async function createOpen311Update(
  db: Database,
  body: Open311UpdatePost,
  key: VerifiedApiKey | undefined,
  keySent: boolean,
): Promise<string> {
  if (!keySent) throw new HttpError(403, "An api_key is required to post a service request update.");
  if (!key) throw new HttpError(403, "This api_key is not valid, or has been revoked.");
  const reference = body.service_request_id?.trim().toUpperCase();
  if (!reference) throw new HttpError(400, "service_request_id is required.");
  const notFound = new HttpError(404, `Unknown service_request_id "${body.service_request_id}".`);
  if (!REFERENCE_PATTERN.test(reference)) throw notFound;
  const grievanceId = await findVisibleGrievanceId(db, reference);
  if (!grievanceId) throw notFound;
  const photos = [body.media_url ?? []]
    .flat()
    .map((url) => url.trim())
    .filter(Boolean);
  const text = [body.description?.trim() ?? "", ...photos.map((url) => `Photo: ${url}`)].filter(Boolean).join("\n\n");
  if (!text) throw new HttpError(400, "description is required.");
  if (text.length > UPDATE_LENGTH) throw new HttpError(400, `description: at most ${UPDATE_LENGTH} characters.`);
  try {
    const update = await recordReporterUpdate(db, grievanceId, text, []);
    return update.id;
  } catch (error) {
    // Hidden between the look-up and the lock: the tracking page's 404 becomes the standard's.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound;
    throw error;
  }
}
