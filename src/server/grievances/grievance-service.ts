import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { NEW_GRIEVANCE_STATUS } from "#shared/domain.ts";
import type { NewGrievance } from "#shared/grievances/grievance-schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { isActiveCategory } from "../categories/category-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import { DatabaseUnavailableError } from "../db/database-unavailable.ts";
import { HttpError } from "../http/http-error.ts";
import { Abandoned, concurrencyLimit, type Limiter } from "../images/concurrency-limit.ts";
import { detectImageFormat, type ImageFormat } from "../images/image-format.ts";
import { processImage, type ProcessedImage } from "../images/image-pipeline.ts";
import { withSmsConsent } from "../sms/sms-consent.ts";
import type { SmsConfig } from "../sms/sms-config.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { makeImageKeys } from "../storage/object-key.ts";
import type { GrievanceRepository } from "./grievance-repository.ts";
import { completeNewReport } from "./report-created.ts";
import type { GrievanceRow, NewTracking, StoredImage } from "./grievance-row.ts";
import { newReference } from "./reference.ts";
import { attachWaterPoint } from "./report-water-point.ts";

// A drawn reference is taken by another report about once in a thousand submits at a million reports; eight in a
// row (10^-24) only happen when something else is wrong, and then the submit fails rather than loop.
const REFERENCE_DRAWS = 8;

/** One uploaded file, fully read (the multipart limits keep it at most MAX_IMAGE_BYTES). */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

export interface GrievanceServiceDeps {
  db: Database;
  repository: GrievanceRepository;
  imageStore: ImageStore;
  maxImagePixels: number;
  logger: FastifyBaseLogger;
  /** Told the time sharp spent on each photo processed (image_processing_seconds in /metrics). */
  onImageProcessed?: (seconds: number) => void;
  /** The start of links in messages about a new report (PUBLIC_URL; http/public-links.ts). */
  mailLinkBase: string;
  /**
   * The SMS settings, undefined when SMS is off: "Send me updates by SMS" is kept only with SMS on and a number read
   * into E.164 (src/server/sms/sms-consent.ts).
   */
  sms?: SmsConfig | undefined;
}

/**
 * Submitting a report (docs/product-decisions.md D2): every file's type is checked before any is decoded, then each photo is
 * re-encoded and stored, and the row inserted; if any step fails, every stored object is removed again and the
 * transaction rolls back, so a report is saved whole or not at all.
 */
export class GrievanceService {
  private readonly deps: GrievanceServiceDeps;
  // One for the app: the photos of every report in flight share the cores (see concurrency-limit.ts).
  private readonly imageSlots: Limiter = concurrencyLimit(os.availableParallelism());

  constructor(deps: GrievanceServiceDeps) {
    this.deps = deps;
  }

  /**
   * `tracking.trackingTokenHash`: the hash of the reporter's private token (tracking-token.ts), made by the caller,
   * who alone sees the token; `tracking.locale`: the reporter's language, kept for their e-mails; `tracking.channel`:
   * how it came. The report gets a reference of its own. `alsoInTransaction` commits or rolls back with the report
   * (e.g. binding its idempotency key).
   */
  async submit(
    input: NewGrievance,
    uploads: Upload[],
    tracking: Omit<NewTracking, "reference">,
    alsoInTransaction?: (tx: Queryable, row: GrievanceRow) => Promise<void>,
  ): Promise<GrievanceRow> {
    // Before any photo is processed: a category that is not (or no longer) offered is the reporter's to fix.
    if (!(await isActiveCategory(this.deps.db, input.category))) {
      throw new HttpError(400, MESSAGES.categoryNotOffered, { category: MESSAGES.categoryNotOffered });
    }
    // Likewise "Send me updates by SMS" with a number SMS cannot reach (the number kept in E.164 when it can).
    const consented = withSmsConsent(input, this.deps.sms);
    // Likewise a water point's code that no point in service has; a report without a pin takes the point's.
    const { report, waterPointId } = await attachWaterPoint(this.deps.db, consented);
    return this.withStoredImages(uploads, MESSAGES.submitFailed, (images) =>
      this.deps.db.transaction(async (tx) => {
        const inserted = await this.insertWithFreeReference(tx, report, images, { ...tracking, waterPointId });
        const row = await completeNewReport(tx, inserted, { mailLinkBase: this.deps.mailLinkBase });
        await alsoInTransaction?.(tx, row);
        return row;
      }),
    );
  }

  /**
   * The photo pipeline of a report, for whatever saves photos (a report, an update from its reporter): checks every
   * file's type, re-encodes and stores each photo, then runs `save` (the transaction that records them). If anything
   * fails, every stored object is removed again: `save` either commits with its photos or nothing remains. Refusals
   * (HttpError) and an unavailable database pass through; any other failure becomes a 500 with `failureMessage`.
   */
  async withStoredImages<T>(
    uploads: Upload[],
    failureMessage: string,
    save: (images: StoredImage[]) => Promise<T>,
  ): Promise<T> {
    const formats = await this.checkFormats(uploads);
    const stored: string[] = [];
    try {
      const images = await this.storeImages(uploads, formats, stored);
      return await save(images);
    } catch (error) {
      await this.removeStored(stored);
      // A photo that cannot be decoded (400) is only found out once others may have been stored.
      if (error instanceof HttpError) throw error;
      // The database being down is not this report's fault: the API says so (503) and when to try again.
      if (error instanceof DatabaseUnavailableError) throw error;
      throw new HttpError(500, failureMessage, undefined, { cause: error });
    }
  }

  /** Draws references until one is free (the insert says when one is taken). */
  private async insertWithFreeReference(
    tx: Queryable,
    input: NewGrievance,
    images: StoredImage[],
    tracking: Omit<NewTracking, "reference">,
  ): Promise<GrievanceRow> {
    for (let draw = 1; draw <= REFERENCE_DRAWS; draw++) {
      const row = await this.deps.repository.insert(tx, input, images, NEW_GRIEVANCE_STATUS, {
        ...tracking,
        reference: newReference(),
      });
      if (row) return row;
      this.deps.logger.info({ draw }, "drawn reference already taken; drawing another");
    }
    throw new Error(`no free reference in ${REFERENCE_DRAWS} draws`);
  }

  /** The type from every file's bytes (docs/product-decisions.md D6), before any is decoded: a refused report costs no decoding. */
  private async checkFormats(uploads: Upload[]): Promise<ImageFormat[]> {
    const formats = await Promise.all(uploads.map((upload) => detectImageFormat(upload.bytes)));
    if (formats.some((format) => !format))
      throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
    return formats as ImageFormat[];
  }

  /**
   * The photos side by side, each stored as soon as it is made, so that only the few being worked on are held
   * decoded or encoded; each photo's two pipelines take a slot each (image-pipeline.ts). After a failure no further
   * pipeline is started, and this only returns once the photos already
   * under way are done: nothing is still being written when the caller removes what `stored` names.
   */
  private async storeImages(uploads: Upload[], formats: ImageFormat[], stored: string[]): Promise<StoredImage[]> {
    const failures: unknown[] = [];
    // Once one photo has failed the report fails: the pipelines still waiting for a slot are not run.
    const slot: Limiter = (task) =>
      this.imageSlots(() => (failures.length > 0 ? Promise.reject(new Abandoned()) : task()));
    const images = await Promise.all(
      uploads.map(async (upload, index) => {
        try {
          return await this.storeImage(upload, formats[index] as ImageFormat, stored, slot);
        } catch (error) {
          if (!(error instanceof Abandoned)) failures.push(error);
          return undefined;
        }
      }),
    );
    if (failures.length > 0) throw failures[0];
    return images as StoredImage[];
  }

  /** One photo's full, medium and thumbnail versions, written side by side. */
  private async storeImage(upload: Upload, format: ImageFormat, stored: string[], slot: Limiter): Promise<StoredImage> {
    let processed: ProcessedImage;
    try {
      processed = await processImage(upload.bytes, format, this.deps.maxImagePixels, slot, this.deps.onImageProcessed);
    } catch (error) {
      if (error instanceof Abandoned) throw error;
      this.deps.logger.info({ err: error, filename: upload.filename }, "image rejected");
      throw new HttpError(400, MESSAGES.filesRejected, { images: MESSAGES.filesRejected });
    }
    const keys = makeImageKeys(upload.filename, format.extension);
    const versions: [key: string, bytes: Buffer, contentType: string][] = [
      [keys.key, processed.full, format.mime],
      [keys.mediumKey, processed.medium, "image/webp"],
      [keys.thumbnailKey, processed.thumbnail, "image/webp"],
    ];
    // Named before they are written: a write that fails half-way, or that S3 made but never confirmed, goes too.
    stored.push(...versions.map(([key]) => key));
    const writes = await Promise.allSettled(
      versions.map(([key, bytes, type]) => this.deps.imageStore.put(key, bytes, type)),
    );
    const failed = writes.find((write): write is PromiseRejectedResult => write.status === "rejected");
    if (failed) throw failed.reason;
    return { ...keys, width: processed.width, height: processed.height };
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
