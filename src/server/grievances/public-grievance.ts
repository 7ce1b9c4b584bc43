import { IMAGE_URL_PREFIX } from "../../shared/api-paths.ts";
import type { PublicGrievance } from "../../shared/api-types.ts";
import { maskEmail, maskPhone } from "../../shared/format.ts";
import type { GrievanceRow } from "./grievance-repository.ts";

/**
 * A row as the API shows it, contact details as stored: image keys become URLs here, so moving storage never
 * rewrites rows. Only staff answers use it directly; the public gets `toPublicGrievance`.
 */
export function toGrievanceView(row: GrievanceRow, imageUrlPrefix = IMAGE_URL_PREFIX): PublicGrievance {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category,
    priority: row.priority,
    status: row.status,
    user_email: row.user_email,
    user_phone: row.user_phone,
    images: row.images.map((image) => ({
      url: imageUrlPrefix + image.key,
      thumbnailUrl: imageUrlPrefix + image.thumbnailKey,
    })),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The only way a grievance leaves the server to the public: contact details masked (DESIGN.md D8). */
export function toPublicGrievance(row: GrievanceRow): PublicGrievance {
  return {
    ...toGrievanceView(row),
    user_email: row.user_email ? maskEmail(row.user_email) : null,
    user_phone: row.user_phone ? maskPhone(row.user_phone) : null,
  };
}
