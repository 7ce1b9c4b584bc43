/**
 * Applies the pending migrations to the configured database and exits (docs/operating.md):
 *   npm run migrate
 * The first step of an upgrade with several instances: run it with the new version's code against DATABASE_URL
 * (or DATA_DIR, with the portal stopped), then replace the instances one by one; the old ones keep working on the
 * new schema. Prints each migration applied, or that the database is up to date.
 * Exit code 0 on success, 1 with a message on any error (the migrations before the failing one stay applied).
 */
import { loadConfig } from "#server/config.ts";
import { migrate } from "#server/db/migrate.ts";
import { describeDatabase } from "#server/db/open-database.ts";
import type { Database } from "#server/db/database.ts";
import { DataDirectoryInUseError, openPgliteDatabase } from "#server/db/pglite-database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";

async function main(): Promise<number> {
  let db: Database | undefined;
  try {
    const config = loadConfig();
    const where = describeDatabase(config);
    try {
      db = config.databaseUrl
        ? await openPostgresDatabase(config.databaseUrl)
        : await openPgliteDatabase(`${config.dataDir}/db`);
    } catch (error) {
      if (error instanceof DataDirectoryInUseError) throw error;
      throw new Error(`Could not open ${where}: ${(error as Error).message}`, { cause: error });
    }
    console.log(`Migrating ${where} ...`);
    const applied = await migrate(db, undefined, { warn: (message) => console.warn(message) });
    if (applied.length === 0) console.log("The database is up to date.");
    else
      console.log(
        `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}:\n${applied.map((name) => `  ${name}`).join("\n")}`,
      );
    return 0;
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      console.error(
        `${error.message}\nThe embedded database can be opened by one process at a time: stop the portal, run this command, then start it again (which would also have migrated it).`,
      );
    } else {
      console.error((error as Error).message);
    }
    return 1;
  } finally {
    await db?.close();
  }
}

process.exitCode = await main();
