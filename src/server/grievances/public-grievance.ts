import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { GrievanceImage, PublicGrievance } from "#shared/api-types.ts";
import { maskEmail, maskPhone } from "#shared/format.ts";
import type { GrievanceRow, StoredImage } from "./grievance-row.ts";

/**
 * A row as the API shows it, contact details as stored: image keys become URLs here, so moving storage never
 * rewrites rows. Only staff answers use it directly; the public gets `toPublicGrievance`.
 */
export function toGrievanceView(row: GrievanceRow, imageUrlPrefix = IMAGE_URL_PREFIX): PublicGrievance {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category,
    priority: row.priority,
    status: row.status,
    user_email: row.user_email,
    user_phone: row.user_phone,
    images: row.images.map((image) => toImageView(image, imageUrlPrefix)),
    created_at: new Date(row.created_at).toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    affected: peopleAffected(row.affected_count),
    expectedResolutionAt:
      row.status !== "resolved" && row.due_resolve_at ? new Date(row.due_resolve_at).toISOString() : null,
  };
}

/** The reporter plus everyone who said "I have this problem too". */
export const peopleAffected = (affectedCount: number): number => affectedCount + 1;

/**
 * Reports from before medium versions were made hold no medium key nor size: their answer leaves those out. Also
 * the images of reporter updates (src/server/tracking/reporter-update-repository.ts), stored the same way.
 */
export function toImageView(image: StoredImage, imageUrlPrefix: string): GrievanceImage {
  return {
    url: imageUrlPrefix + image.key,
    thumbnailUrl: imageUrlPrefix + image.thumbnailKey,
    ...(image.mediumKey && { mediumUrl: imageUrlPrefix + image.mediumKey }),
    ...(image.width && image.height && { width: image.width, height: image.height }),
  };
}

/**
 * The only way a grievance leaves the server to the public: contact details masked (docs/product-decisions.md D8).
 * A report sent by SMS shows nothing of its sender's number, not even masked: the number is the channel itself
 * (docs/decisions/041-sms-for-staff.md).
 */
export function toPublicGrievance(row: GrievanceRow): PublicGrievance {
  return {
    ...toGrievanceView(row),
    user_email: row.user_email ? maskEmail(row.user_email) : null,
    user_phone: row.user_phone && row.channel !== "sms" ? maskPhone(row.user_phone) : null,
  };
}
