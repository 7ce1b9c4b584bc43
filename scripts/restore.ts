/**
 * Restores an archive written by `npm run backup` (docs/operating.md, "Backups and the restore drill"):
 *   npm run restore -- <file> [--force]
 * Into the configured DATA_DIR (embedded database) or the empty PostgreSQL database in DATABASE_URL, and the image
 * folder. The archive is checked against its manifest first; a target that already holds data is refused unless
 * --force is given, and the portal must be stopped. Exit code 0 on success, 1 with a message on any error.
 */
import { loadConfig } from "#server/config.ts";
import { parseArchiveArguments } from "#server/operations/backup/backup-arguments.ts";
import { runRestore } from "#server/operations/backup/restore-command.ts";

const USAGE = "Usage: npm run restore -- <file> [--force]";

async function main(): Promise<number> {
  try {
    const { file, force } = parseArchiveArguments(process.argv.slice(2), USAGE);
    const config = loadConfig();
    const { manifest, database, images } = await runRestore(config, file, { force });
    const target = manifest.database.kind === "pglite" ? `${config.dataDir}` : "the database in DATABASE_URL";
    console.log(`Restored the backup of ${manifest.createdAt} (portal ${manifest.portalVersion}) into ${target}.`);
    console.log(`  Reports: ${database.reports}.`);
    if (database.applied.length > 0)
      console.log(`  Migrations applied since the backup: ${database.applied.join(", ")}.`);
    console.log(
      manifest.images.storage === "folder"
        ? `  Images: ${images} file(s).`
        : `  Images: not in the archive; they are in the S3 bucket "${manifest.images.bucket}" (bucket versioning restores older ones).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
