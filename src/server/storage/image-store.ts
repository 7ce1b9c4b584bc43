import type { Readable } from "node:stream";

/** A stored object as read back: a stream so large images are never buffered whole. */
export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
}

/** An object as listed: an image key (object-key.ts) or a leftover name (isLeftoverName). */
export interface ListedObject {
  name: string;
  lastModified: Date;
}

/**
 * The bucket `grievance-images`. The local folder is the default (LocalImageStore); S3ImageStore keeps it in
 * an S3-compatible service. Keys are validated by every implementation (see object-key.ts).
 */
export interface ImageStore {
  readonly bucket: string;
  /** Where the bucket is, for operators' messages ("folder /srv/data/storage/grievance-images"). */
  readonly location: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when the key is malformed or no such object exists. */
  get(key: string): Promise<StoredObject | null>;
  /**
   * Removes an image key or a leftover name (object-key.ts); anything else is ignored. Removing an object that is
   * not there is not an error (cleanup must be idempotent).
   */
  delete(key: string): Promise<void>;
  /** Every image and leftover in the bucket, for the orphan sweep; other names are skipped. */
  list(): AsyncIterable<ListedObject>;
  /** Throws unless the bucket is reachable and writable (writes and removes a probe object). */
  check(): Promise<void>;
}
