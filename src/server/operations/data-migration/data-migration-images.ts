import fs from "node:fs/promises";
import path from "node:path";
import type { ImageStore } from "#server/storage/image-store.ts";
import type { LocalImageStore } from "#server/storage/local-image-store.ts";
import { contentTypeOfKey } from "#server/storage/object-key.ts";

export interface ImageCopyReport {
  /** Images in the folder. */
  total: number;
  copied: number;
  /** Already in the bucket with the same size (an earlier run). */
  skipped: number;
  bytes: number;
}

// A few uploads at once: far quicker than one by one over a network, without hammering a small S3 server.
const PARALLEL_UPLOADS = 4;

/**
 * Copies every image of the folder bucket to another bucket (S3), each verified by reading back its size. Objects
 * already there with the same size are skipped, so a run that failed half-way is simply run again. Leftovers of
 * interrupted writes and storage probes are not images and stay behind.
 */
export async function copyImages(
  from: LocalImageStore,
  to: ImageStore,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ImageCopyReport> {
  const keys: string[] = [];
  for await (const object of from.list()) if (contentTypeOfKey(object.name)) keys.push(object.name);
  keys.sort();
  const report: ImageCopyReport = { total: keys.length, copied: 0, skipped: 0, bytes: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const bytes = await fs.readFile(path.join(from.bucketDir, key));
      if ((await storedSize(to, key)) === bytes.length) {
        report.skipped++;
      } else {
        await to.put(key, bytes, contentTypeOfKey(key)!);
        const stored = await storedSize(to, key);
        if (stored !== bytes.length) {
          throw new Error(
            `Image ${key} was not stored whole in the ${to.location}: ${bytes.length} bytes sent, ` +
              `${stored ?? "no object"} ${stored === undefined ? "found" : "bytes stored"}.`,
          );
        }
        report.copied++;
        report.bytes += bytes.length;
      }
      onProgress(++done, keys.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, keys.length) }, worker));
  return report;
}

/** The object's size, or undefined when it is not there; its contents are not downloaded. */
async function storedSize(store: ImageStore, key: string): Promise<number | undefined> {
  const object = await store.get(key);
  if (!object) return undefined;
  object.stream.destroy();
  return object.size;
}

/** How many images the folder holds (what stays there when they are not copied). */
export async function countImages(from: LocalImageStore): Promise<number> {
  let n = 0;
  for await (const object of from.list()) if (contentTypeOfKey(object.name)) n++;
  return n;
}
