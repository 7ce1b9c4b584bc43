/**
 * One archive of the portal's database and images, while the portal runs (docs/operating.md, "Backups and the restore drill"):
 *   npm run backup -- <file> [--force]
 * Uses the portal's own configuration (DATA_DIR / DATABASE_URL, STORAGE_DIR / IMAGE_STORAGE). The embedded database
 * is copied by the running portal (through DATA_DIR/control.sock), or opened here when no portal runs; PostgreSQL is
 * dumped with pg_dump. --force replaces an existing file. Exit code 0 on success, 1 with a message on any error.
 */
import { loadConfig } from "#server/config.ts";
import { formatBytes, parseArchiveArguments } from "#server/operations/backup/backup-arguments.ts";
import { runBackup } from "#server/operations/backup/backup-command.ts";

const USAGE =
  "Usage: npm run backup -- <file> [--force]   (for example: npm run backup -- backups/portal-$(date +%F).tar.gz)";

async function main(): Promise<number> {
  try {
    const { file, force } = parseArchiveArguments(process.argv.slice(2), USAGE);
    const { file: written, bytes, manifest } = await runBackup(loadConfig(), file, { force });
    const { database, images } = manifest;
    console.log(`Backup written to ${written} (${formatBytes(bytes)}).`);
    console.log(
      `  Database: ${database.kind === "pglite" ? "embedded" : "PostgreSQL"}, copied from the ${database.source}; ${database.reports} report(s), ${database.migrations.length} migration(s) applied.`,
    );
    console.log(
      images.storage === "folder"
        ? `  Images: ${images.count} file(s).`
        : `  Images: not in the archive; they stay in the S3 bucket "${images.bucket}". Keep bucket versioning on (docs/operating.md, "Backups and the restore drill").`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
