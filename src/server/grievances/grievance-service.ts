import type { FastifyBaseLogger } from "fastify";
import { NEW_GRIEVANCE_STATUS } from "../../shared/domain.ts";
import type { NewGrievance } from "../../shared/grievance-schema.ts";
import { MESSAGES } from "../../shared/messages.ts";
import type { Database, Queryable } from "../db/database.ts";
import { DatabaseUnavailableError } from "../db/database-unavailable.ts";
import { HttpError } from "../http/http-error.ts";
import { detectImageFormat, type ImageFormat } from "../images/image-format.ts";
import { processImage, type ProcessedImage } from "../images/image-pipeline.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { makeImageKeys, type ImageKeys } from "../storage/object-key.ts";
import type { GrievanceRepository, GrievanceRow } from "./grievance-repository.ts";

/** One uploaded file, fully read (the multipart limits keep it at most MAX_IMAGE_BYTES). */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

interface PreparedImage extends ImageKeys {
  format: ImageFormat;
  processed: ProcessedImage;
}

export interface GrievanceServiceDeps {
  db: Database;
  repository: GrievanceRepository;
  imageStore: ImageStore;
  maxImagePixels: number;
  logger: FastifyBaseLogger;
}

/**
 * Submitting a report (DESIGN.md D2): every file is checked and re-encoded before anything is stored, then the
 * images are stored and the row inserted; if any step fails, every stored object is removed again and the
 * transaction rolls back, so a report is saved whole or not at all.
 */
export class GrievanceService {
  private readonly deps: GrievanceServiceDeps;

  constructor(deps: GrievanceServiceDeps) {
    this.deps = deps;
  }

  /** `alsoInTransaction` commits or rolls back with the report (e.g. binding its idempotency key). */
  async submit(
    input: NewGrievance,
    uploads: Upload[],
    alsoInTransaction?: (tx: Queryable, row: GrievanceRow) => Promise<void>,
  ): Promise<GrievanceRow> {
    const images = await this.prepareImages(uploads);
    const stored: string[] = [];
    try {
      for (const image of images) {
        await this.deps.imageStore.put(image.key, image.processed.full, image.format.mime);
        stored.push(image.key);
        await this.deps.imageStore.put(image.thumbnailKey, image.processed.thumbnail, "image/webp");
        stored.push(image.thumbnailKey);
      }
      const keys = images.map(({ key, thumbnailKey }) => ({ key, thumbnailKey }));
      return await this.deps.db.transaction(async (tx) => {
        const row = await this.deps.repository.insert(tx, input, keys, NEW_GRIEVANCE_STATUS);
        await alsoInTransaction?.(tx, row);
        return row;
      });
    } catch (error) {
      await this.removeStored(stored);
      // The database being down is not this report's fault: the API says so (503) and when to try again.
      if (error instanceof DatabaseUnavailableError) throw error;
      throw new HttpError(500, MESSAGES.submitFailed, undefined, { cause: error });
    }
  }

  private async prepareImages(uploads: Upload[]): Promise<PreparedImage[]> {
    const formats = await Promise.all(uploads.map((upload) => detectImageFormat(upload.bytes)));
    if (formats.some((format) => !format)) throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
    // One at a time: sharp already uses every core for one image, and five in parallel would multiply memory.
    const prepared: PreparedImage[] = [];
    for (const [index, upload] of uploads.entries()) {
      const format = formats[index] as ImageFormat;
      let processed: ProcessedImage;
      try {
        processed = await processImage(upload.bytes, format, this.deps.maxImagePixels);
      } catch (error) {
        this.deps.logger.info({ err: error, filename: upload.filename }, "image rejected");
        throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
      }
      prepared.push({ ...makeImageKeys(upload.filename, format.extension), format, processed });
    }
    return prepared;
  }

  private async removeStored(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.deps.imageStore.delete(key)));
    for (const [index, result] of results.entries()) {
      if (result.status === "rejected") {
        this.deps.logger.error({ err: result.reason, key: keys[index] }, "could not remove image after failed submit");
      }
    }
  }
}
