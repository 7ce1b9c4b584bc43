import fs from "node:fs/promises";
import path from "node:path";

/**
 * Puts the folder `prepared` in place of `target` with renames, so `target` is at every moment either the old
 * folder or the complete new one; the old one is then deleted. When the two are on different file systems the new
 * folder is first copied beside `target` (under a name no portal reads).
 */
export async function swapInFolder(prepared: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  const replaced = `${target}.replaced`;
  await fs.rm(incoming, { recursive: true, force: true });
  await fs.rm(replaced, { recursive: true, force: true });
  try {
    await fs.rename(prepared, incoming);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fs.cp(prepared, incoming, { recursive: true });
  }
  if (await exists(target)) await fs.rename(target, replaced);
  await fs.rename(incoming, target);
  await fs.rm(replaced, { recursive: true, force: true });
}

export async function exists(entry: string): Promise<boolean> {
  return (await fs.stat(entry).catch(() => undefined)) !== undefined;
}
