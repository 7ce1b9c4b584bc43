import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_BUCKET } from "#shared/domain.ts";
import type { ImageStore, ListedObject, StoredObject } from "./image-store.ts";
import { contentTypeOfKey, isLeftoverName } from "./object-key.ts";

const PROBE_NAME = ".probe";

/**
 * The bucket as a folder: `<storageDir>/grievance-images/<key>`. Objects are written to a temporary name and
 * renamed so a reader never sees half a file.
 */
export class LocalImageStore implements ImageStore {
  readonly bucket = IMAGE_BUCKET;
  readonly bucketDir: string;
  readonly location: string;

  constructor(storageDir: string) {
    this.bucketDir = path.join(path.resolve(storageDir), IMAGE_BUCKET);
    this.location = `folder ${this.bucketDir}`;
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new Error(`Invalid object key: ${key}`);
    await this.ensureBucket();
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, bytes, { flag: "wx" });
    try {
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const contentType = contentTypeOfKey(key);
    if (!file || !contentType) return null;
    let size: number;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      size = stat.size;
    } catch {
      return null;
    }
    return { stream: createReadStream(file), contentType, size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key) ?? (isLeftoverName(key) ? path.join(this.bucketDir, key) : undefined);
    if (file) await fs.rm(file, { force: true });
  }

  async *list(): AsyncIterable<ListedObject> {
    let dir: Awaited<ReturnType<typeof fs.opendir>>;
    try {
      dir = await fs.opendir(this.bucketDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for await (const entry of dir) {
      if (!entry.isFile() || !(contentTypeOfKey(entry.name) || isLeftoverName(entry.name))) continue;
      const stat = await fs.stat(path.join(this.bucketDir, entry.name)).catch(() => undefined);
      if (stat) yield { name: entry.name, lastModified: stat.mtime };
    }
  }

  async check(): Promise<void> {
    await this.ensureBucket();
    const probe = path.join(this.bucketDir, `${PROBE_NAME}-${process.pid}-${Date.now()}`);
    await fs.writeFile(probe, "ok");
    await fs.rm(probe, { force: true });
  }

  /**
   * Creates the bucket folder if it can. When storageDir is unusable (under a regular file, read-only, ...) this
   * throws and nothing is created; callers report the storage error rather than crash.
   */
  private async ensureBucket(): Promise<void> {
    await fs.mkdir(this.bucketDir, { recursive: true });
  }

  private pathOf(key: string): string | undefined {
    return contentTypeOfKey(key) ? path.join(this.bucketDir, key) : undefined;
  }
}
