import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ImageStore, ListedObject, StoredObject } from "./image-store.ts";
import { contentTypeOfKey, isLeftoverName } from "./object-key.ts";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** MinIO and most self-hosted servers need bucket-in-path addressing. */
  forcePathStyle: boolean;
}

const PROBE_KEY = ".probe";

/**
 * The bucket in an S3-compatible service (AWS S3, MinIO, Cloudflare R2). The bucket must exist: the portal
 * never creates or configures buckets, which is the operator's (and their policy's) business. Images are still
 * served by the portal (/media/...), so the bucket can stay private and hidden reports' images stay withheld.
 */
export class S3ImageStore implements ImageStore {
  readonly bucket: string;
  readonly location: string;
  private readonly client: S3Client;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.location = `S3 bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // A storage outage should fail a request in seconds, not hang it.
      maxAttempts: 2,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!contentTypeOfKey(key)) throw new Error(`Invalid object key: ${key}`);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) return null;
      // The type comes from the validated key, as for the folder store, not from what the bucket says.
      return { stream: object.Body, contentType, size: object.ContentLength };
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!contentTypeOfKey(key) && !isLeftoverName(key)) return;
    // S3 answers a delete of a missing object with success, as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const name = object.Key;
        if (!name || !object.LastModified || !(contentTypeOfKey(name) || isLeftoverName(name))) continue;
        yield { name, lastModified: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    const key = `${PROBE_KEY}-${process.pid}-${Date.now()}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: "ok" }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
