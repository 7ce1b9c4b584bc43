import type { FastifyBaseLogger } from "fastify";
import { PERSONAL_DATA_MESSAGES, type BlurRequest } from "#shared/privacy/personal-data.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { lockReportPhotos, readReportPhotos, setReportPhotos } from "./personal-data-repository.ts";
import { blurRegion } from "./photo-blur.ts";

export interface PhotoBlurDeps {
  db: Database;
  service: GrievanceService;
  imageStore: ImageStore;
  maxImagePixels: number;
  logger: FastifyBaseLogger;
}

/**
 * Blurs a region of one of a report's photos (docs/decisions/043): the blurred photo goes through the report's own
 * pipeline (re-encoded, every version made again, stored under new keys), replaces the old one in the report in a
 * transaction that also records it in the audit log, and the old versions are then deleted: the original is not
 * kept. Should a deletion fail, the orphan sweep removes the unreferenced object later.
 */
export async function blurGrievancePhoto(
  deps: PhotoBlurDeps,
  grievanceId: string,
  index: number,
  region: BlurRequest,
  actor: AuditActor,
): Promise<StoredImage[]> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const photos = await readReportPhotos(deps.db, grievanceId);
  if (!photos) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const original = photos[index];
  if (!original) throw new HttpError(404, PERSONAL_DATA_MESSAGES.photoNotFound);
  const bytes = await readObject(deps.imageStore, original.key);
  const blurred = await blurRegion(bytes, region, deps.maxImagePixels).catch((error: unknown) => {
    throw new HttpError(500, PERSONAL_DATA_MESSAGES.blurFailed, undefined, { cause: error });
  });
  const images = await deps.service.withStoredImages(
    [{ filename: "blurred-photo", bytes: blurred }],
    PERSONAL_DATA_MESSAGES.blurFailed,
    ([replacement]) =>
      deps.db.transaction(async (tx) => {
        const report = await lockReportPhotos(tx, grievanceId);
        // Another member of staff blurred or removed this photo meanwhile: theirs stands, this one is dropped.
        if (!report || report.images[index]?.key !== original.key || !replacement) {
          throw new HttpError(409, PERSONAL_DATA_MESSAGES.photoNotFound);
        }
        const next = report.images.map((image, i) => (i === index ? replacement : image));
        await setReportPhotos(tx, grievanceId, next);
        await recordAudit(tx, actor, {
          action: "grievance.blur_photo",
          target: report.reference,
          details: { photo: index + 1 },
        });
        return next;
      }),
  );
  const oldKeys = [original.key, original.mediumKey, original.thumbnailKey].filter((key): key is string => !!key);
  const removals = await Promise.allSettled(oldKeys.map((key) => deps.imageStore.delete(key)));
  for (const [i, removal] of removals.entries()) {
    if (removal.status === "rejected") {
      deps.logger.error({ err: removal.reason, key: oldKeys[i] }, "could not delete a blurred photo's original");
    }
  }
  return images;
}

async function readObject(store: ImageStore, key: string): Promise<Buffer> {
  const object = await store.get(key);
  if (!object) throw new HttpError(404, PERSONAL_DATA_MESSAGES.photoNotFound);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
