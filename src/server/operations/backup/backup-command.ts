import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "#server/config.ts";
import { IMAGE_BUCKET } from "#shared/domain.ts";
import { archivePath, writeArchive } from "./backup-archive.ts";
import { dumpEmbeddedDatabase } from "./backup-database-embedded.ts";
import { dumpPostgresDatabase } from "./backup-database-postgres.ts";
import { BackupError } from "./backup-error.ts";
import { stageImages } from "./backup-images.ts";
import {
  ARCHIVE_PATHS,
  BACKUP_FORMAT,
  hashFile,
  MANIFEST_NAME,
  type ArchivedFile,
  type BackupManifest,
} from "./backup-manifest.ts";
import { portalVersion } from "./backup-portal-version.ts";

export interface BackupOptions {
  /** Replace an existing file at the destination. */
  force: boolean;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * `npm run backup`: one archive of the database and the images, taken while the portal runs. The database is
 * copied first and the images after it: a submit stores its images before its row, so every image the copy
 * references is in the folder by then; images of later submits are merely unreferenced after a restore, and the
 * orphan sweep removes them.
 */
export async function runBackup(config: Config, destination: string, options: BackupOptions): Promise<BackupResult> {
  const file = path.resolve(destination);
  const existing = await fs.stat(file).catch(() => undefined);
  if (existing?.isDirectory())
    throw new BackupError(`${file} is a folder; give the name of the archive file to write.`);
  if (existing && !options.force) {
    throw new BackupError(`${file} already exists. Choose another name, or add --force to replace it.`);
  }
  if (!(await fs.stat(path.dirname(file)).catch(() => undefined))?.isDirectory()) {
    throw new BackupError(`The folder ${path.dirname(file)} does not exist; create it first.`);
  }

  const staging = `${file}.partial.d`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging);
  try {
    const database = config.databaseUrl
      ? {
          kind: "postgres" as const,
          source: "PostgreSQL server (pg_dump)",
          ...(await dumpPostgresDatabase(config.databaseUrl, path.join(staging, ARCHIVE_PATHS.postgresDump))),
        }
      : {
          kind: "pglite" as const,
          ...(await dumpEmbeddedDatabase(config.dataDir, path.join(staging, ARCHIVE_PATHS.pgliteDump))),
        };

    const images = config.s3
      ? { storage: "s3" as const, bucket: config.s3.bucket, count: 0 }
      : {
          storage: "folder" as const,
          bucket: IMAGE_BUCKET,
          count: await stageImages(
            path.join(config.storageDir, IMAGE_BUCKET),
            path.join(staging, ARCHIVE_PATHS.images, IMAGE_BUCKET),
          ),
        };

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      portalVersion: await portalVersion(),
      database,
      images,
      files: await describeFiles(staging),
    };
    await fs.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const bytes = await writeArchive(staging, file);
    return { file, bytes, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function describeFiles(root: string): Promise<ArchivedFile[]> {
  const files: ArchivedFile[] = [];
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ path: archivePath(root, full), ...(await hashFile(full)) });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
