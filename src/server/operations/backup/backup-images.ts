import fs from "node:fs/promises";
import path from "node:path";
import { isValidObjectKey } from "#server/storage/object-key.ts";

/**
 * Puts every image of the bucket folder into `targetDir`: a hard link where the two folders share a file system
 * (instant, no space: a stored image is never changed, only written once under a new name or deleted), else a copy.
 * Leftovers of interrupted writes and storage probes are not images and are left out. An image deleted meanwhile
 * (the orphan sweep removes only images no report references) is skipped. Resolves to the number of images.
 */
export async function stageImages(bucketDir: string, targetDir: string): Promise<number> {
  await fs.mkdir(targetDir, { recursive: true });
  let names: string[];
  try {
    names = (await fs.readdir(bucketDir)).filter(isValidObjectKey).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let linkable = true;
  let count = 0;
  for (const name of names) {
    const from = path.join(bucketDir, name);
    const to = path.join(targetDir, name);
    try {
      if (linkable) {
        try {
          await fs.link(from, to);
        } catch (error) {
          if (!["EXDEV", "EPERM", "ENOTSUP"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
          linkable = false;
        }
      }
      if (!linkable) await fs.copyFile(from, to);
      count += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return count;
}

/** True when the folder holds anything (a missing folder is empty). `ignore`: names that do not count. */
export async function folderHasEntries(dir: string, ignore: string[] = []): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).some((name) => !ignore.includes(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
