import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { create, extract, list, type ReadEntry } from "tar";
import { BackupError } from "./backup-error.ts";
import { MANIFEST_NAME, manifestSchema, type BackupManifest } from "./backup-manifest.ts";

// A manifest lists every image: about 150 bytes each, so this allows several hundred thousand.
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Writes `stagingDir` (which holds manifest.json and the files it lists) as one tar.gz at `file`: first to
 * `<file>.partial`, renamed once complete and flushed, so an interrupted backup never leaves a file that looks like
 * a finished one. The contents are compressed already (gzipped dump, JPEG/WebP images): gzip's fastest level.
 */
export async function writeArchive(stagingDir: string, file: string): Promise<number> {
  const partial = `${file}.partial`;
  await fs.rm(partial, { force: true });
  try {
    await create({ file: partial, cwd: stagingDir, gzip: { level: 1 }, portable: true }, [
      MANIFEST_NAME,
      ...(await fs.readdir(stagingDir)).filter((name) => name !== MANIFEST_NAME).sort(),
    ]);
    const handle = await fs.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  return (await fs.stat(file)).size;
}

/**
 * Reads the whole archive and checks it against its manifest (every file there, with its size and SHA-256, and
 * nothing else) before a restore touches anything. Resolves to the manifest.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new BackupError(`There is no backup file ${file}.`);

  const found = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  const pending: Promise<void>[] = [];
  const onReadEntry = (entry: ReadEntry) => {
    if (entry.type !== "File") return;
    const entryPath = entry.path.replace(/^\.\//, "");
    const hash = createHash("sha256");
    const kept: Buffer[] = [];
    let bytes = 0;
    entry.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
      if (entryPath === MANIFEST_NAME && bytes <= MANIFEST_MAX_BYTES) kept.push(chunk);
    });
    pending.push(
      new Promise((resolve) =>
        entry.on("end", () => {
          found.set(entryPath, { bytes, sha256: hash.digest("hex") });
          if (entryPath === MANIFEST_NAME) manifestText = Buffer.concat(kept).toString("utf8");
          resolve();
        }),
      ),
    );
  };
  try {
    await list({ file, strict: true, onReadEntry });
    await Promise.all(pending);
  } catch (error) {
    throw new BackupError(
      `${file} is not a backup archive of this portal, or it is damaged (${(error as Error).message}).`,
    );
  }
  if (manifestText === undefined) {
    throw new BackupError(`${file} is not a backup archive of this portal: it has no ${MANIFEST_NAME}.`);
  }
  const manifest = parseManifest(file, manifestText);

  const listed = new Set<string>([MANIFEST_NAME]);
  for (const expected of manifest.files) {
    listed.add(expected.path);
    const actual = found.get(expected.path);
    if (!actual) throw new BackupError(`${file} is damaged: ${expected.path} is missing from it.`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw new BackupError(`${file} is damaged: ${expected.path} does not match the checksum in its manifest.`);
    }
  }
  const extra = [...found.keys()].find((name) => !listed.has(name));
  if (extra) throw new BackupError(`${file} holds a file its manifest does not list (${extra}); it was altered.`);
  return manifest;
}

function parseManifest(file: string, text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is damaged: its ${MANIFEST_NAME} is not valid JSON.`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === "number" && format > manifestSchema.shape.format.value) {
    throw new BackupError(
      `${file} was written by a newer version of the portal (backup format ${format}); restore it with that version.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw new BackupError(
      `${file} is not a backup archive of this portal: ${MANIFEST_NAME} ${problem?.path.join(".")}: ${problem?.message}.`,
    );
  }
  return parsed.data;
}

/** Unpacks a verified archive into `dir` (which must exist). */
export async function extractArchive(file: string, dir: string): Promise<void> {
  await extract({ file, cwd: dir, strict: true });
}

/** The archive's path of a file under `root`, with forward slashes whatever the platform. */
export function archivePath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}
