import { z } from "zod";
import { DEFAULT_PRIORITY } from "#shared/domain.ts";
import { fieldErrorsOf, grievanceInputSchema, summaryMessageOf } from "#shared/grievances/grievance-schema.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { findCategoryByServiceCode } from "../categories/category-repository.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { refusePinOutsideArea } from "../places/pin-in-area.ts";
import { hashTrackingToken, newTrackingToken } from "../tracking/tracking-token.ts";
import type { VerifiedApiKey } from "./open311-api-key.ts";
import { markSentWithApiKey } from "./open311-repository.ts";

/** A GeoReport v2 POST: the standard's fields, all text as forms send them. */
export const open311PostSchema = z.object({
  api_key: z.string().max(200).optional(),
  jurisdiction_id: z.string().max(100).optional(),
  service_code: z.string().max(64).optional(),
  lat: z.string().max(40).optional(),
  long: z.string().max(40).optional(),
  address_string: z.string().max(1_000).optional(),
  address_id: z.string().max(200).optional(),
  email: z.string().max(1_000).optional(),
  device_id: z.string().max(200).optional(),
  account_id: z.string().max(200).optional(),
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  phone: z.string().max(200).optional(),
  description: z.string().max(20_000).optional(),
  // One photo's address, or several (FixMyStreet repeats the field when it sends every photo of a report).
  media_url: z.union([z.string().max(2_000), z.array(z.string().max(2_000)).max(20)]).optional(),
});
export type Open311Post = z.output<typeof open311PostSchema>;

export interface Open311PostDeps {
  db: Database;
  service: GrievanceService;
  serviceArea: ServiceAreaGeometry | undefined;
}

const TITLE_LENGTH = 80;

/**
 * Files a report from an Open311 client through the form's own checks, and returns its reference. The standard
 * has no title: it is the description's first line, cut at a word near 80 characters. The report records which
 * API key sent it; the client gets no tracking link (the reporter's contact is the client's business).
 */
export async function createOpen311Request(
  deps: Open311PostDeps,
  body: Open311Post,
  key: VerifiedApiKey | undefined,
  keySent: boolean,
): Promise<string> {
  if (!keySent) throw new HttpError(403, "An api_key is required to post a service request.");
  if (!key) throw new HttpError(403, "This api_key is not valid, or has been revoked.");
  if (!body.service_code) throw new HttpError(400, "service_code is required.");
  const category = await findCategoryByServiceCode(deps.db, body.service_code);
  // The standard's answer for a service that does not exist: 404, like GET services/{code}.
  if (!category || !category.active) throw new HttpError(404, `Unknown service_code "${body.service_code}".`);
  const [lat, long, address, addressId] = [body.lat, body.long, body.address_string, body.address_id].map(
    (value) => value?.trim() || undefined,
  );
  const hasPin = lat !== undefined || long !== undefined;
  if (!hasPin && address === undefined && addressId === undefined) {
    throw new HttpError(400, "A location is required: lat and long, address_string, or address_id.");
  }
  const photos = [body.media_url ?? []]
    .flat()
    .map((url) => url.trim())
    .filter(Boolean);
  const description = [body.description?.trim() ?? "", ...photos.map((url) => `Photo: ${url}`)]
    .filter(Boolean)
    .join("\n\n");

  const parsed = grievanceInputSchema.safeParse({
    title: titleOf(body.description ?? ""),
    description,
    category: category.key,
    priority: DEFAULT_PRIORITY,
    // Without address_string the location's text is the pin's, or else the water point's name and code (the submit
    // fills that in).
    location: address ?? (hasPin ? `${lat ?? ""}, ${long ?? ""}` : undefined),
    user_email: body.email,
    user_phone: body.phone,
    latitude: lat,
    longitude: long,
    // address_id is the code of the water point the request is about; without a pin it takes the point's
    // (docs/decisions/040-reporting-against-water-points.md).
    water_point: addressId,
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const field = Object.keys(fieldErrors)[0];
    throw new HttpError(400, `${open311FieldOf(field)}: ${summaryMessageOf(fieldErrors)}`);
  }
  refusePinOutsideArea(deps.serviceArea, parsed.data);
  const row = await deps.service
    .submit(
      parsed.data,
      [],
      { trackingTokenHash: hashTrackingToken(newTrackingToken()), channel: "open311" },
      (tx, inserted) => markSentWithApiKey(tx, inserted.id, key.id),
    )
    .catch((error: unknown) => {
      // The submit names the form's field; a client reads the standard's.
      if (error instanceof HttpError && error.fieldErrors?.water_point) {
        throw new HttpError(400, `address_id: ${error.fieldErrors.water_point}`, undefined, { cause: error });
      }
      throw error;
    });
  return row.reference;
}

/** The first line of the description, cut at a word so that it fits a title. */
export function titleOf(description: string): string {
  const firstLine = description.trim().split(/\r?\n/)[0]?.trim() ?? "";
  if (firstLine.length <= TITLE_LENGTH) return firstLine;
  const cut = firstLine.slice(0, TITLE_LENGTH - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > TITLE_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The form's field names are the portal's; a client reads the standard's. */
function open311FieldOf(field: string | undefined): string {
  const names: Record<string, string> = {
    title: "description",
    description: "description",
    location: "address_string",
    user_email: "email",
    user_phone: "phone",
    latitude: "lat",
    longitude: "long",
    category: "service_code",
    water_point: "address_id",
  };
  return names[field ?? ""] ?? field ?? "request";
}
