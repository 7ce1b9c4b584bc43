import { STAFF_IMAGE_URL_PREFIX, apiPaths, pathTo } from "#shared/api-paths.ts";
import type { GrievanceImage } from "#shared/api-types.ts";
import type { FieldJob } from "#shared/field/field.ts";
import type { Queryable } from "../db/database.ts";
import { toImageView } from "../grievances/public-grievance.ts";
import { internalNotesOf } from "../staff/internal-note-repository.ts";
import { findJobReport } from "./field-job-repository.ts";
import type { FoundLink } from "./technician-link-repository.ts";

/**
 * What a technician's link opens (docs/decisions/031-technician-links.md). Every image on it, the report's and the
 * notes', is served under the link itself (field-routes.ts): the notes' photos are never public, and the technician
 * has no staff session. The reporter's contact details are left out: the link travels by e-mail to crews and
 * contractors outside the utility; staff write in a note whatever a crew needs to reach the resident.
 */

/** The prefix of the link's own image addresses: /api/field/:token/media/ then the key. */
const mediaPrefixOf = (token: string) => pathTo(apiPaths.fieldMedia, { token, key: "" });

const rebased = (image: GrievanceImage, prefix: string): GrievanceImage => {
  const swap = (url: string) => prefix + url.slice(STAFF_IMAGE_URL_PREFIX.length);
  return {
    ...image,
    url: swap(image.url),
    thumbnailUrl: swap(image.thumbnailUrl),
    ...(image.mediumUrl && { mediumUrl: swap(image.mediumUrl) }),
  };
};

/** The job, or undefined when its report is gone. */
export async function fieldJobOf(db: Queryable, link: FoundLink, token: string): Promise<FieldJob | undefined> {
  const row = await findJobReport(db, link.grievance_id);
  if (!row) return undefined;
  const prefix = mediaPrefixOf(token);
  const notes = await internalNotesOf(db, row.id);
  return {
    report: {
      id: row.id,
      reference: row.reference,
      title: row.title,
      description: row.description,
      location: row.location,
      category: row.category,
      priority: row.priority,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      latitude: row.latitude,
      longitude: row.longitude,
      images: row.images.map((image) => toImageView(image, prefix)),
    },
    notes: notes.map((note) => ({
      id: note.id,
      at: note.at,
      text: note.text,
      images: note.images.map((image) => rebased(image, prefix)),
      author: { kind: note.author.kind, email: note.author.kind === "technician" ? note.author.email : null },
    })),
    technicianEmail: link.email,
    expiresAt: new Date(link.expires_at).toISOString(),
  };
}

/** Whether `key` is one of the images the job shows: the only keys its link serves. */
export function isImageOfJob(job: FieldJob, token: string, key: string): boolean {
  const url = mediaPrefixOf(token) + key;
  const images = [...job.report.images, ...job.notes.flatMap((note) => note.images)];
  return images.some((image) => image.url === url || image.thumbnailUrl === url || image.mediumUrl === url);
}
