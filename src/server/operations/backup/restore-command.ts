import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "#server/config.ts";
import { IMAGE_BUCKET } from "#shared/domain.ts";
import { extractArchive, verifyArchive } from "./backup-archive.ts";
import { BackupError } from "./backup-error.ts";
import { folderHasEntries } from "./backup-images.ts";
import { ARCHIVE_PATHS, type BackupManifest } from "./backup-manifest.ts";
import { restoreEmbedded, type RestoredDatabase } from "./restore-embedded.ts";
import { swapInFolder } from "./restore-folders.ts";
import { checkPostgresTarget, restorePostgres } from "./restore-postgres.ts";

export interface RestoreOptions {
  /** Replace a database and images that are already there. */
  force: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  database: RestoredDatabase;
  /** Images put back into the folder; 0 when they stay in an S3 bucket. */
  images: number;
}

/**
 * `npm run restore`: checks the whole archive against its manifest before touching anything, then restores the
 * database and images into the configured DATA_DIR / DATABASE_URL and storage, refusing targets that hold data
 * unless forced.
 */
export async function runRestore(config: Config, source: string, options: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(source);
  const manifest = await verifyArchive(file);
  checkCompatible(manifest, config);
  const bucketDir = manifest.images.storage === "folder" ? path.join(config.storageDir, IMAGE_BUCKET) : undefined;
  const archivedImages = (workDir: string) =>
    path.join(workDir, "archive", ARCHIVE_PATHS.images, manifest.images.bucket);
  const unpack = async (workDir: string) => {
    await fs.mkdir(path.join(workDir, "archive"));
    await extractArchive(file, path.join(workDir, "archive"));
    // A backup of an empty bucket has no images folder: restoring it still leaves the bucket empty.
    if (bucketDir) await fs.mkdir(archivedImages(workDir), { recursive: true });
  };

  if (manifest.database.kind === "pglite") {
    await fs.mkdir(config.dataDir, { recursive: true });
    const database = await restoreEmbedded(
      { dataDir: config.dataDir, bucketDir },
      async (workDir) => {
        await unpack(workDir);
        return {
          dumpFile: path.join(workDir, "archive", ARCHIVE_PATHS.pgliteDump),
          imagesDir: bucketDir && archivedImages(workDir),
        };
      },
      options.force,
    );
    return { manifest, database, images: manifest.images.count };
  }

  const databaseUrl = config.databaseUrl as string;
  await checkPostgresTarget(databaseUrl, options.force);
  if (bucketDir && !options.force && (await folderHasEntries(bucketDir))) {
    throw new BackupError(
      `Nothing was restored: the image folder ${bucketDir} is not empty. Restore into an empty one, or add --force ` +
        "to replace it (with every portal stopped).",
    );
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  const workDir = await fs.mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    await unpack(workDir);
    const database = await restorePostgres(
      databaseUrl,
      path.join(workDir, "archive", ARCHIVE_PATHS.postgresDump),
      options.force,
    );
    if (bucketDir) await swapInFolder(archivedImages(workDir), bucketDir);
    return { manifest, database, images: bucketDir ? manifest.images.count : 0 };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** An archive restores into the same kind of database it came from, and folder images need folder storage. */
function checkCompatible(manifest: BackupManifest, config: Config): void {
  if (manifest.database.kind === "pglite" && config.databaseUrl) {
    throw new BackupError(
      "This archive holds an embedded database, but DATABASE_URL is set. Restore it without DATABASE_URL (into " +
        "DATA_DIR), then move the data to PostgreSQL with npm run migrate-data.",
    );
  }
  if (manifest.database.kind === "postgres" && !config.databaseUrl) {
    throw new BackupError(
      "This archive holds a PostgreSQL dump: set DATABASE_URL to an empty database to restore it into.",
    );
  }
  if (manifest.images.storage === "folder" && config.s3) {
    throw new BackupError(
      "This archive holds the images of a folder, but IMAGE_STORAGE=s3. Restore with folder storage, or upload the " +
        `archive's images/${manifest.images.bucket}/ files to the bucket yourself.`,
    );
  }
}
