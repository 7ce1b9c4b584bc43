import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDirectory } from "#server/db/data-directory-lock.ts";
import { migrate } from "#server/db/migrate.ts";
import { DataDirectoryInUseError, openPgliteDatabase, PGLITE_OPTIONS } from "#server/db/pglite-database.ts";
import { readDatabaseFacts, type DatabaseFacts } from "./backup-database-facts.ts";
import { BackupError } from "./backup-error.ts";
import { folderHasEntries } from "./backup-images.ts";
import { swapInFolder } from "./restore-folders.ts";

// The data-directory lock's file (data-directory-lock.ts): it lives inside the database folder, so a copy of that
// folder carries the lock of the portal that was running, and the folder swap below must carry ours.
const LOCK_FILE = ".lock";

export interface RestoreTargets {
  dataDir: string;
  /** The image bucket folder to fill, or undefined when the images are not restored here (S3). */
  bucketDir: string | undefined;
}

export interface RestoredDatabase extends DatabaseFacts {
  /** Migrations applied after the restore: the archive came from an older version. */
  applied: string[];
}

/**
 * Restores an embedded database from `dumpFile` (PGlite's data folder tarball) into `<dataDir>/db`, together with
 * `imagesDir` into the bucket folder. Everything is prepared in a work folder inside DATA_DIR first (the database
 * opened, recovered and migrated), then swapped in by renames, so a failure leaves DATA_DIR as it was. The
 * database folder's lock is held throughout, so no portal starts meanwhile, and a running one makes this refuse.
 */
export async function restoreEmbedded(
  targets: RestoreTargets,
  prepare: (workDir: string) => Promise<{ dumpFile: string; imagesDir: string | undefined }>,
  force: boolean,
): Promise<RestoredDatabase> {
  const dbDir = path.join(targets.dataDir, "db");
  let release: () => Promise<void>;
  try {
    release = await lockDataDirectory(dbDir);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new BackupError(`${error.message}\nA restore replaces the portal's data: stop the portal first.`);
    }
    throw error;
  }
  let workDir: string | undefined;
  try {
    if (!force) await refuseNonEmpty(dbDir, targets.bucketDir);
    workDir = await fsp.mkdtemp(path.join(targets.dataDir, ".restore-"));
    const { dumpFile, imagesDir } = await prepare(workDir);
    const preparedDb = path.join(workDir, "db");
    const database = await prepareDatabase(dumpFile, preparedDb);

    // Images first, the database last: until the database is swapped in, the portal's data is the old one.
    if (targets.bucketDir && imagesDir) await swapInFolder(imagesDir, targets.bucketDir);
    swapDatabaseFolder(preparedDb, dbDir, path.join(workDir, "replaced-db"));
    return database;
  } finally {
    if (workDir) await fsp.rm(workDir, { recursive: true, force: true });
    await release();
  }
}

async function refuseNonEmpty(dbDir: string, bucketDir: string | undefined): Promise<void> {
  const held = [
    (await folderHasEntries(dbDir, [LOCK_FILE])) && `a database (${dbDir})`,
    bucketDir && (await folderHasEntries(bucketDir)) && `images (${bucketDir})`,
  ].filter(Boolean);
  if (held.length > 0) {
    throw new BackupError(
      `Nothing was restored: the target already holds ${held.join(" and ")}. Restore into an empty DATA_DIR, or add ` +
        "--force to replace what is there (with the portal stopped).",
    );
  }
}

/** Unpacks the dump into `dir`, lets PostgreSQL recover it, applies the migrations this version has, and counts. */
async function prepareDatabase(dumpFile: string, dir: string): Promise<RestoredDatabase> {
  try {
    const loaded = await PGlite.create({
      dataDir: dir,
      loadDataDir: await fs.openAsBlob(dumpFile),
      ...PGLITE_OPTIONS,
    });
    await loaded.close();
  } catch (error) {
    throw new BackupError(`The database in the archive could not be opened: ${(error as Error).message}`);
  }
  await fsp.rm(path.join(dir, LOCK_FILE), { force: true });
  const db = await openPgliteDatabase(dir);
  try {
    const applied = await migrate(db);
    return { applied, ...(await readDatabaseFacts(db)) };
  } finally {
    await db.close();
  }
}

/**
 * Renames the prepared folder into place. Synchronous on purpose: the lock refresher (a timer) must not run between
 * the steps; and the prepared folder receives a hard link to our lock file first, so the database folder is never
 * without our lock, and releasing it afterwards works as usual.
 */
function swapDatabaseFolder(prepared: string, dbDir: string, aside: string): void {
  fs.linkSync(path.join(dbDir, LOCK_FILE), path.join(prepared, LOCK_FILE));
  fs.renameSync(dbDir, aside);
  fs.renameSync(prepared, dbDir);
}
